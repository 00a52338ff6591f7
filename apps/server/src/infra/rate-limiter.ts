/**
 * Counters for rate limits (logins, signups, reset mails...) shared by every server process:
 * in PostgreSQL by default (the rate_limit_counters table), in Redis when REDIS_URL is set.
 *
 * Windows are fixed and aligned to the epoch: windowStart = floor(now / windowMs) * windowMs,
 * with `now` from the injected clock. So a test that moves its clock past the window sees the
 * limit lifted, and a 24-hour window ends at midnight UTC ("try again tomorrow" is honest).
 * The stored key carries the window length and start, so a new window is a new counter and an
 * old one only waits to be purged (PostgreSQL) or to expire (Redis).
 *
 * Count first, judge after (decision 022): a caller hits the counter before it does the work
 * the limit guards (checking a password, creating an account) and refunds the hit when the
 * attempt turns out not to count. Each hit gets its own number atomically, so a burst of
 * parallel requests can never all see "still allowed" the way a check-then-count would.
 */
import { Redis } from 'ioredis';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { rateLimitCounters } from '../db/schema';
import { createGroupCommit } from '../db/group-commit';
import { executePrepared } from '../db/prepared';
import type { Clock } from './clock';

export interface RateLimitResult {
  count: number;
  allowed: boolean;
  resetAt: Date;
}

export interface RateLimiter {
  /** Counts one event for `key` in the current fixed window; allowed = count <= limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Takes back one hit of the window `counted` (the result of that hit) belongs to, when the
   * attempt turned out not to count (a successful login, a refused signup). Never below zero.
   */
  refund(key: string, windowMs: number, counted: Pick<RateLimitResult, 'resetAt'>): Promise<void>;
  /** Forgets the key's current window (e.g. after a successful login). */
  reset(key: string, windowMs: number): Promise<void>;
  /** Deletes expired counters (PostgreSQL store; no-op for Redis, which expires keys itself). */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A limiter that allows everything, for a caller that calls a service once, outside any request:
 * the demo seed's likes, and tests that call a service directly to check what the limit is not about.
 */
export const NO_RATE_LIMIT: RateLimiter = {
  hit: async () => ({ count: 1, allowed: true, resetAt: new Date(0) }),
  refund: async () => {},
  reset: async () => {},
  purgeExpired: async () => 0,
  close: async () => {},
};

export interface RateLimiterOptions {
  redisUrl?: string;
  db: Database;
  clock: Clock;
  /** Prepended to every stored key; tests pass a random one so parallel files never share counters. */
  keyPrefix?: string;
  /** Where Redis connection trouble is reported (once per outage); silent when absent. */
  log?: { warn(obj: object, msg: string): void };
}

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'cupido:rl:';
/** Redis keeps a counter this long after its window ends, so clock skew between processes cannot revive it. */
const REDIS_EXPIRY_SLACK_MS = 60_000;

interface Window {
  storedKey: string;
  resetAt: Date;
}

function windowStarting(prefix: string, key: string, windowMs: number, windowStart: number): Window {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
  return { storedKey: `${prefix}${key}:${windowMs}:${windowStart}`, resetAt: new Date(windowStart + windowMs) };
}

function currentWindow(prefix: string, key: string, windowMs: number, now: Date): Window {
  return windowStarting(prefix, key, windowMs, Math.floor(now.getTime() / windowMs) * windowMs);
}

interface CounterStore {
  increment(window: Window, now: Date): Promise<number>;
  decrement(window: Window): Promise<void>;
  remove(window: Window): Promise<void>;
  purgeExpired(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** Statements counting hits at the same time (group commit); later hits gather for the next one. */
const COUNTER_WRITES_IN_FLIGHT = 2;
/** At most this many counters in one statement. */
const COUNTER_BATCH_MAX = 500;

/**
 * One atomic upsert per counter: correct with any number of server processes on one database.
 * Hits arriving together share one statement (db/group-commit.ts): each counter of the batch is
 * raised once by its number of hits, and each hit gets its own number in the counter's new range,
 * in the order the hits came, as one statement per hit would have given them. The keys go in
 * order, so two statements in flight lock shared counters in one order and never deadlock.
 */
function postgresStore(db: Database): CounterStore {
  const increments = createGroupCommit<Window, number>({
    maxInFlight: COUNTER_WRITES_IN_FLIGHT,
    maxBatch: COUNTER_BATCH_MAX,
    async run(windows) {
      const hitsByKey = new Map<string, { hits: number; expiresAt: Date }>();
      for (const { storedKey, resetAt } of windows) {
        const counter = hitsByKey.get(storedKey);
        if (counter) counter.hits += 1;
        else hitsByKey.set(storedKey, { hits: 1, expiresAt: resetAt });
      }
      const keys = [...hitsByKey.keys()].sort();
      const rows = await executePrepared<{ key: string; count: number }>(
        db,
        sql`insert into ${rateLimitCounters} (key, count, expires_at)
          select * from unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((key) => hitsByKey.get(key)!.hits))}::int[],
            ${sql.param(keys.map((key) => hitsByKey.get(key)!.expiresAt.toISOString()))}::timestamptz[])
          on conflict (key) do update set count = ${rateLimitCounters.count} + excluded.count
          returning key, count`,
      );
      // The last hit of a key gets the counter's new value, the ones before it the numbers below.
      const next = new Map(rows.map((row) => [row.key, row.count - hitsByKey.get(row.key)!.hits + 1]));
      return windows.map(({ storedKey }) => {
        const count = next.get(storedKey)!;
        next.set(storedKey, count + 1);
        return count;
      });
    },
  });
  return {
    increment: (window) => increments.submit(window),
    async decrement({ storedKey }) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(eq(rateLimitCounters.key, storedKey));
    },
    async remove({ storedKey }) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, storedKey));
    },
    async purgeExpired(now) {
      const deleted = await db
        .delete(rateLimitCounters)
        .where(lte(rateLimitCounters.expiresAt, now))
        .returning({ key: rateLimitCounters.key });
      return deleted.length;
    },
    async close() {
      // The database handle belongs to the caller.
    },
  };
}

/** One command (a script) per hit, not MULTI: plain commands are auto-pipelined, a transaction is not. */
const REDIS_INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return count`;

const REDIS_DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

function redisStore(url: string, log: RateLimiterOptions['log']): CounterStore {
  const redis = new Redis(url, {
    // A dead Redis makes a hit fail after one reconnection attempt (well under a second)
    // instead of queueing it forever; callers see the error and the request fails loudly.
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    // Commands issued in one turn of the event loop (parallel requests' hits) go out in one write.
    enableAutoPipelining: true,
  });
  let reported = false;
  redis.on('error', (err: Error) => {
    if (!reported) log?.warn({ err }, 'rate limiter: Redis connection error');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });

  return {
    async increment({ storedKey, resetAt }, now) {
      // The TTL is measured in Redis' real time, not in the (possibly simulated) clock's:
      // what is left of the window, plus some slack.
      const ttl = Math.max(1, resetAt.getTime() - now.getTime()) + REDIS_EXPIRY_SLACK_MS;
      return Number(await redis.eval(REDIS_INCREMENT_SCRIPT, 1, storedKey, ttl));
    },
    async decrement({ storedKey }) {
      // One script, so a refund never creates a key that has expired or goes below zero.
      await redis.eval(REDIS_DECREMENT_SCRIPT, 1, storedKey);
    },
    async remove({ storedKey }) {
      await redis.del(storedKey);
    },
    async purgeExpired() {
      return 0;
    },
    async close() {
      if (redis.status === 'end') return;
      if (redis.status === 'ready') {
        try {
          await redis.quit();
          return;
        } catch {
          // fall through to a hard disconnect
        }
      }
      redis.disconnect();
    },
  };
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const prefix = options.keyPrefix ?? DEFAULT_RATE_LIMIT_KEY_PREFIX;
  const store = options.redisUrl ? redisStore(options.redisUrl, options.log) : postgresStore(options.db);
  const { clock } = options;

  return {
    async hit(key, limit, windowMs) {
      const now = clock();
      const window = currentWindow(prefix, key, windowMs, now);
      const count = await store.increment(window, now);
      return { count, allowed: count <= limit, resetAt: window.resetAt };
    },
    async refund(key, windowMs, counted) {
      await store.decrement(windowStarting(prefix, key, windowMs, counted.resetAt.getTime() - windowMs));
    },
    async reset(key, windowMs) {
      await store.remove(currentWindow(prefix, key, windowMs, clock()));
    },
    purgeExpired: () => store.purgeExpired(clock()),
    close: () => store.close(),
  };
}
