/**
 * Runs the erase job (accounts past their 14 days) and the clean-up of expired sessions and
 * rate-limit counters every hour, and once shortly after start. Safe with several server
 * processes: each account is taken with a row lock that others skip.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { DomainEvents } from '../../infra/domain-events';
import { eraseExpiredAccounts } from './deletion';

const HOUR_MS = 3_600_000;

export function scheduleAccountMaintenance(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  events: DomainEvents;
  log: FastifyBaseLogger;
}): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const erased = await eraseExpiredAccounts({ db: deps.db, clock: deps.clock, events: deps.events });
      const purged = await deps.limiter.purgeExpired();
      if (erased > 0 || purged > 0) deps.log.info({ erased, purgedCounters: purged }, 'account maintenance');
    } catch (err) {
      deps.log.error({ err }, 'account maintenance failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, HOUR_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
