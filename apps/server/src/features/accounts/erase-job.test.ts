/**
 * The hourly account maintenance as a scheduled job: two app instances on one database (two
 * servers behind a load balancer) notice the same hourly tick; it becomes one job, run once,
 * which erases the account whose 14 days are over.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { users } from '../../db/schema';
import { createAccountsTestApp, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { ACCOUNT_MAINTENANCE_JOB } from './erase-job';

const DAY = 86_400_000;
let t: AccountsTestApp;
let second: FastifyInstance;

beforeAll(async () => {
  // 20 s past the hour: the 14:00 tick is due.
  t = await createAccountsTestApp(new Date('2026-03-10T14:00:20Z'));
  second = await buildApp({
    database: t.database,
    clock: t.clock,
    config: {
      mode: 'test',
      countryHeader: undefined,
      trustProxy: false,
      logLevel: 'silent',
      webDistDir: path.join(t.dataDir, 'no-web-build'),
      dataDir: t.dataDir,
      smtpUrl: undefined,
      redisUrl: process.env.REDIS_URL || undefined,
    },
  });
  await second.ready();
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the account maintenance job', () => {
  it('runs once per hour across two app instances and erases accounts past their 14 days', async () => {
    const member = await signup(t);
    await t.database.db
      .update(users)
      .set({ status: 'pending_deletion', deletedAt: new Date(t.clock().getTime() - 15 * DAY) })
      .where(eq(users.id, member.user.id));
    const statusOf = async () =>
      (await t.database.db.select({ status: users.status }).from(users).where(eq(users.id, member.user.id)))[0]!.status;

    const apps = [t.app, second];
    // Other schedules (suspension lift, decision notices) tick too: each due tick is offered once across both apps.
    const maintenance = (names: string[]) => names.filter((name) => name === ACCOUNT_MAINTENANCE_JOB);
    const sent = (await Promise.all(apps.map((app) => app.jobs.runSchedules()))).flat();
    expect(maintenance(sent)).toEqual([ACCOUNT_MAINTENANCE_JOB]);
    expect(new Set(sent).size).toBe(sent.length);
    const runs = await Promise.all(apps.map((app) => app.jobs.drain()));
    expect(runs[0]! + runs[1]!).toBe(sent.length);
    expect(await statusOf()).toBe('erased');

    // Later in the hour nothing new; the next hour's tick is one more run.
    t.clock.set(new Date('2026-03-10T14:30:00Z'));
    const later = (await Promise.all(apps.map((app) => app.jobs.runSchedules()))).flat();
    expect(maintenance(later)).toEqual([]);
    await Promise.all(apps.map((app) => app.jobs.drain()));
    t.clock.set(new Date('2026-03-10T15:00:05Z'));
    const next = (await Promise.all(apps.map((app) => app.jobs.runSchedules()))).flat();
    expect(maintenance(next)).toEqual([ACCOUNT_MAINTENANCE_JOB]);
    expect((await Promise.all(apps.map((app) => app.jobs.drain()))).reduce((a, b) => a + b)).toBe(next.length);
  });
});
