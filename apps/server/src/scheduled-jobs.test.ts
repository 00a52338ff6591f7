/**
 * The app's schedules as wired in app.ts: account maintenance, the presence prune (issue 28) and the
 * unread-message reminders' scan (issue 30) every hour (the weekly updates' scan runs on Mondays), the credit ledger
 * check and the pruning of old Like grants every night at 03:30 UTC, the end of suspensions every
 * 5 minutes and the retry of unsent moderation notices every 10 (issue 13); the webhook events
 * sweep and the receipt outbox every minute and the purge of expired direct debit requests every
 * 15 (issue 14), the repair of sending campaigns every 10 (issue 30); each tick is one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from './infra/clock';
import { createTestApp, type TestApp } from './test/test-app';

const clock = manualClock(new Date('2026-03-11T03:30:10Z'));
/** Due at every one of the ticks below (every minute, 5, 10 and 15 minutes). */
const FREQUENT = [
  'decision_notices_retry',
  'suspension_lift',
  'payment_events_sweep',
  'payment_receipts',
  'direct_debit_purge',
  'notification_scan',
  'campaign_resume',
  'postback_sweep',
];
const HOURLY = ['account_maintenance', 'presence_prune', 'notification_unread_reminder_scan'];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});

afterAll(async () => {
  await t?.close();
});

describe('scheduled jobs', () => {
  it('sends the nightly ledger check and grant pruning at 03:30 and the hourly maintenance, presence prune and reminder scan, each once', async () => {
    expect((await t.app.jobs.runSchedules()).sort()).toEqual([...HOURLY, ...FREQUENT, 'ledger_check', 'like_grants_prune'].sort());
    expect(await t.app.jobs.drain()).toBe(13);

    // An hour later only the hourly jobs are due; the ledger check waits for the next night.
    clock.set(new Date('2026-03-11T04:30:00Z'));
    expect((await t.app.jobs.runSchedules()).sort()).toEqual([...HOURLY, ...FREQUENT].sort());
    clock.set(new Date('2026-03-12T03:30:00Z'));
    expect((await t.app.jobs.runSchedules()).sort()).toEqual([...HOURLY, ...FREQUENT, 'ledger_check', 'like_grants_prune'].sort());
    expect(await t.app.jobs.drain()).toBe(24);
    // Monday 09:00 UTC: the weekly updates' scan as well.
    clock.set(new Date('2026-03-16T09:00:00Z'));
    expect((await t.app.jobs.runSchedules()).sort()).toEqual([...HOURLY, ...FREQUENT, 'notification_weekly_scan'].sort());
  });
});
