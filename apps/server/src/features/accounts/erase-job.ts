/**
 * The hourly account maintenance job: erases accounts past their 14 days (deletion.ts), which
 * also removes expired sessions, and purges expired rate-limit counters. It runs through the job
 * queue (infra/jobs.ts): once per hour across all processes, retried with backoff on failure.
 * Erasing is safe even if two runs overlapped: each account is taken with a row lock others skip.
 */
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { JobDefinition } from '../../infra/jobs';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { DomainEvents } from '../../infra/domain-events';
import { eraseExpiredAccounts } from './deletion';

export const ACCOUNT_MAINTENANCE_JOB = 'account_maintenance';

export function accountMaintenanceJob(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  /** account.erased goes out here: the features that hold the member's content erase theirs. */
  events: DomainEvents;
  log: { info(obj: object, msg: string): void };
}): JobDefinition {
  return {
    name: ACCOUNT_MAINTENANCE_JOB,
    // At the start of every hour, UTC.
    cron: '0 * * * *',
    async run() {
      const erased = await eraseExpiredAccounts({ db: deps.db, clock: deps.clock, events: deps.events });
      const purged = await deps.limiter.purgeExpired();
      if (erased > 0 || purged > 0) deps.log.info({ erased, purgedCounters: purged }, 'account maintenance');
    },
  };
}
