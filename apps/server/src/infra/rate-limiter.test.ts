import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/open';
import { rateLimitCounters } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { manualClock } from './clock';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// The PostgreSQL store always runs; the Redis store runs where REDIS_URL is set (CI, and any
// machine with Redis), because Redis is optional for local development.
const stores = [
  { name: 'PostgreSQL', redisUrl: undefined as string | undefined },
  ...(process.env.REDIS_URL ? [{ name: 'Redis', redisUrl: process.env.REDIS_URL }] : []),
];

describe.each(stores)('rate limiter on $name', ({ redisUrl }) => {
  const clock = manualClock(new Date('2026-03-10T10:00:00Z'));
  const limiters: RateLimiter[] = [];
  let limiter: RateLimiter;
  let n = 0;
  /** A fresh key per test, so tests do not see each other's counts. */
  const key = () => `test:${(n += 1)}`;

  const make = () => {
    const made = createRateLimiter({ redisUrl, db: database.db, clock, keyPrefix: `test:${randomBytes(6).toString('hex')}:` });
    limiters.push(made);
    return made;
  };
  beforeAll(() => {
    limiter = make();
  });
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
  });

  it('counts hits per key and allows up to the limit', async () => {
    const k = key();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit(k, 3, HOUR));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    // Another key has its own count.
    expect(await limiter.hit(key(), 3, HOUR)).toMatchObject({ count: 1, allowed: true });
  });

  it('gives the end of the epoch-aligned window as resetAt', async () => {
    clock.set(new Date('2026-03-10T10:17:42.123Z'));
    expect((await limiter.hit(key(), 5, HOUR)).resetAt.toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect((await limiter.hit(key(), 5, 15 * MINUTE)).resetAt.toISOString()).toBe('2026-03-10T10:30:00.000Z');
    // A day's window ends at midnight UTC, so "try again tomorrow" is true.
    expect((await limiter.hit(key(), 5, DAY)).resetAt.toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('refunds a hit of its own window, never below zero', async () => {
    const k = key();
    await limiter.hit(k, 2, HOUR);
    const second = await limiter.hit(k, 2, HOUR);
    await limiter.refund(k, HOUR, second);
    expect(await limiter.hit(k, 2, HOUR)).toMatchObject({ count: 2, allowed: true });
    await Promise.all([1, 2, 3, 4].map(() => limiter.refund(k, HOUR, second)));
    expect(await limiter.hit(k, 2, HOUR)).toMatchObject({ count: 1, allowed: true });
  });

  it('refunds into the window of the hit, not the current one', async () => {
    const k = key();
    const early = await limiter.hit(k, 5, HOUR);
    clock.advance(HOUR);
    await limiter.hit(k, 5, HOUR);
    await limiter.refund(k, HOUR, early);
    expect((await limiter.hit(k, 5, HOUR)).count).toBe(2);
  });

  it('counts concurrent hits and refunds exactly', async () => {
    const k = key();
    const hits = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(k, 10, HOUR)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    await Promise.all(hits.slice(0, 20).map((h) => limiter.refund(k, HOUR, h)));
    expect((await limiter.hit(k, 10, HOUR)).count).toBe(11);
  });

  it('forgets the current window on reset', async () => {
    const k = key();
    await limiter.hit(k, 1, HOUR);
    await limiter.hit(k, 1, HOUR);
    await limiter.reset(k, HOUR);
    expect(await limiter.hit(k, 1, HOUR)).toMatchObject({ count: 1, allowed: true });
    await limiter.reset('never-hit', HOUR); // nothing to forget is fine
  });

  it('starts a new window when the clock passes resetAt', async () => {
    clock.set(new Date('2026-03-10T10:59:59.000Z'));
    const k = key();
    await limiter.hit(k, 1, HOUR);
    const blocked = await limiter.hit(k, 1, HOUR);
    expect(blocked.allowed).toBe(false);
    clock.set(new Date(blocked.resetAt.getTime() - 1));
    expect(await limiter.hit(k, 1, HOUR)).toMatchObject({ count: 3, allowed: false });
    clock.set(blocked.resetAt);
    const next = await limiter.hit(k, 1, HOUR);
    expect(next).toMatchObject({ count: 1, allowed: true });
    expect(next.resetAt.toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it('keeps windows of different lengths apart for the same key', async () => {
    clock.set(new Date('2026-03-11T00:00:00Z')); // a start shared by both windows
    const k = key();
    await limiter.hit(k, 5, HOUR);
    await limiter.hit(k, 5, HOUR);
    expect((await limiter.hit(k, 5, DAY)).count).toBe(1);
  });

  it('counts concurrent hits exactly once each', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(k, 10, HOUR)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('numbers the hits of several keys arriving together per key, in the order they came', async () => {
    // On PostgreSQL these share statements (db/group-commit.ts): each counter is raised once by its
    // number of hits, and the hits must still get 1..n of their own key, in order.
    const keys = [key(), key(), key()];
    const hits = await Promise.all(
      Array.from({ length: 15 }, (_, i) => limiter.hit(keys[i % 3]!, 4, HOUR).then((r) => ({ key: keys[i % 3]!, ...r }))),
    );
    for (const k of keys) {
      const own = hits.filter((h) => h.key === k);
      expect(own.map((h) => h.count)).toEqual([1, 2, 3, 4, 5]);
      expect(own.map((h) => h.allowed)).toEqual([true, true, true, true, false]);
    }
    expect(await limiter.hit(keys[0]!, 4, MINUTE)).toMatchObject({ count: 1 });
  });

  it('shares counts between limiters on the same store (several server processes)', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const a = createRateLimiter({ redisUrl, db: database.db, clock, keyPrefix: prefix });
    const b = createRateLimiter({ redisUrl, db: database.db, clock, keyPrefix: prefix });
    limiters.push(a, b);
    await a.hit('shared', 2, HOUR);
    expect(await b.hit('shared', 2, HOUR)).toMatchObject({ count: 2, allowed: true });
    expect(await a.hit('shared', 2, HOUR)).toMatchObject({ count: 3, allowed: false });
  });

  it('purges expired counters (PostgreSQL) and leaves current ones', async () => {
    const own = make();
    clock.set(new Date('2026-04-01T08:30:00Z'));
    await own.hit('old', 5, HOUR);
    await own.hit('current', 5, DAY);
    clock.set(new Date('2026-04-01T09:00:00Z')); // the hour window has just ended
    const purged = await own.purgeExpired();
    if (redisUrl) {
      expect(purged).toBe(0); // Redis expires keys by itself
    } else {
      expect(purged).toBeGreaterThanOrEqual(1);
      const keys = (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
      expect(keys.some((k) => k.includes(':old:'))).toBe(false);
      expect(keys.some((k) => k.includes(':current:'))).toBe(true);
    }
    expect(await own.hit('current', 5, DAY)).toMatchObject({ count: 2 });
    expect(await own.purgeExpired()).toBe(0);
  });

  it('rejects a window that is not a positive whole number of milliseconds', async () => {
    await expect(limiter.hit(key(), 1, 0)).rejects.toThrow(RangeError);
    await expect(limiter.refund(key(), 1.5, { resetAt: new Date() })).rejects.toThrow(RangeError);
  });
});

describe('rate limiter with an unreachable Redis', () => {
  it('fails fast with an error instead of hanging', async () => {
    const limiter = createRateLimiter({ redisUrl: 'redis://127.0.0.1:1', db: database.db, clock: manualClock() });
    // Not a stopwatch: the hit is given up after its one retry (ioredis' own error), not queued
    // until Redis returns; a hang would hit the test's timeout.
    await expect(limiter.hit('x', 1, MINUTE)).rejects.toThrow(/max retries per request/i);
    await limiter.close();
  });
});
