/**
 * Conversion postbacks (issue 31, decision 050): the handlers that turn signups, activations and
 * first purchases into calls to the site's networks, the job that makes them, and the back
 * office's networks and call log.
 */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { conversionReportsDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { JobQueue } from '../../infra/jobs';
import type { RunMode } from '../../run-mode';
import { isDemoMode } from '../../run-mode';
import { cachedAppSecret } from '../push/app-secrets';
import { postbackAdminRoutes } from './admin-routes';
import { POSTBACK_USER_KEY_NAME } from './calls';
import { postbackCallJob, postbackSweepJob } from './delivery';
import { handlePostbackEvents } from './event-handlers';

/** What the feature needs from the app's context. */
export type PostbacksNeeds = {
  events: DomainEvents;
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  mode: RunMode;
  personalData: PersonalDataRegistry;
};

export const postbacksModule: FeatureModule<PostbacksNeeds> = {
  name: 'postbacks',
  contribute({ personalData }) {
    personalData.add(conversionReportsDataPart);
  },
  async handleEvents({ db, clock, events, jobs, mode }) {
    // A demo (and the tests' app) may call its local http://127.0.0.1:<port> double; production never (run-mode.ts).
    const job = postbackCallJob({ db, clock, allowLoopbackDouble: isDemoMode(mode) });
    jobs.register(job);
    jobs.register(postbackSweepJob({ db, clock, jobs, callJob: job }));
    handlePostbackEvents(events, { clock, jobs, job, userKey: await cachedAppSecret(db, POSTBACK_USER_KEY_NAME) });
  },
  async register(app, { db, clock, mode }) {
    await app.register(postbackAdminRoutes, { deps: { db, clock, allowLoopbackDouble: isDemoMode(mode) } });
  },
};
