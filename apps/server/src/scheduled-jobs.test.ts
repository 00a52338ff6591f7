/**
 * The app's schedules as wired in app.ts: account maintenance and the presence prune (issue 28) every hour, the credit ledger
 * check and the pruning of old Like grants every night at 03:30 UTC, the end of suspensions every
 * 5 minutes and the retry of unsent moderation notices every 10 (issue 13); the webhook events
 * sweep and the receipt outbox every minute and the purge of expired direct debit requests every
 * 15 (issue 14); each tick is one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from './infra/clock';
import { createTestApp, type TestApp } from './test/test-app';

const clock = manualClock(new Date('2026-03-11T03:30:10Z'));
/** Due at every one of the ticks below (every minute, 5, 10 and 15 minutes). */
const FREQUENT = ['decision_notices_retry', 'suspension_lift', 'payment_events_sweep', 'payment_receipts', 'direct_debit_purge', 'notification_scan'];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});

afterAll(async () => {
  await t?.close();
});

describe('scheduled jobs', () => {
  it('sends the nightly ledger check and grant pruning at 03:30 and the hourly maintenance and presence prune, each once', async () => {
    expect((await t.app.jobs.runSchedules()).sort()).toEqual(['account_maintenance', 'presence_prune', ...FREQUENT, 'ledger_check', 'like_grants_prune'].sort());
    expect(await t.app.jobs.drain()).toBe(10);

    // An hour later only the hourly jobs are due; the ledger check waits for the next night.
    clock.set(new Date('2026-03-11T04:30:00Z'));
    expect((await t.app.jobs.runSchedules()).sort()).toEqual(['account_maintenance', 'presence_prune', ...FREQUENT].sort());
    clock.set(new Date('2026-03-12T03:30:00Z'));
    expect((await t.app.jobs.runSchedules()).sort()).toEqual(['account_maintenance', 'presence_prune', ...FREQUENT, 'ledger_check', 'like_grants_prune'].sort());
    expect(await t.app.jobs.drain()).toBe(18);
  });
});
