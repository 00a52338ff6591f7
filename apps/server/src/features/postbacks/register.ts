/**
 * Conversion postbacks (issue 31, decision 050), registered by app.ts: the back office's networks
 * and call log, the handlers that turn signups, activations and first purchases into calls, and
 * the job that makes them.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { JobQueue } from '../../infra/jobs';
import { isDemoMode, type RunMode } from '../../run-mode';
import { cachedAppSecret } from '../push/app-secrets';
import { postbackAdminRoutes } from './admin-routes';
import { POSTBACK_USER_KEY_NAME } from './calls';
import { postbackCallJob, postbackSweepJob } from './delivery';
import { handlePostbackEvents } from './event-handlers';

export interface PostbackDeps {
  db: Database;
  clock: Clock;
  events: DomainEvents;
  jobs: JobQueue;
  /** A demo (and the tests' app) may call its local http://127.0.0.1:<port> double; production never (run-mode.ts). */
  mode: RunMode;
}

export async function registerPostbacks(app: FastifyInstance, deps: PostbackDeps): Promise<void> {
  const allowLoopbackDouble = isDemoMode(deps.mode);
  const job = postbackCallJob({
    db: deps.db,
    clock: deps.clock,
    allowLoopbackDouble,
  });
  deps.jobs.register(job);
  deps.jobs.register(postbackSweepJob({ db: deps.db, clock: deps.clock, jobs: deps.jobs, callJob: job }));
  handlePostbackEvents(deps.events, {
    clock: deps.clock,
    jobs: deps.jobs,
    job,
    userKey: await cachedAppSecret(deps.db, POSTBACK_USER_KEY_NAME),
  });
  await app.register(postbackAdminRoutes, {
    deps: { db: deps.db, clock: deps.clock, allowLoopbackDouble },
  });
}
