/**
 * The app's schedules as wired in app.ts: account maintenance every hour, the credit ledger
 * check and the pruning of old Like grants every night at 03:30 UTC; each tick is one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from './infra/clock';
import { createTestApp, type TestApp } from './test/test-app';

const clock = manualClock(new Date('2026-03-11T03:30:10Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});

afterAll(async () => {
  await t?.close();
});

describe('scheduled jobs', () => {
  it('sends the nightly ledger check and grant pruning at 03:30 and the hourly maintenance, each once', async () => {
    expect((await t.app.jobs.runSchedules()).sort()).toEqual(['account_maintenance', 'ledger_check', 'like_grants_prune']);
    expect(await t.app.jobs.drain()).toBe(3);

    // An hour later only the maintenance is due; the ledger check waits for the next night.
    clock.set(new Date('2026-03-11T04:30:00Z'));
    expect(await t.app.jobs.runSchedules()).toEqual(['account_maintenance']);
    clock.set(new Date('2026-03-12T03:30:00Z'));
    expect((await t.app.jobs.runSchedules()).sort()).toEqual(['account_maintenance', 'ledger_check', 'like_grants_prune']);
    expect(await t.app.jobs.drain()).toBe(4);
  });
});
