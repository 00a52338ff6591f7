/**
 * Weekly updates (issue 30, preference `weekly_updates`): once a week, a member gets a mail with a
 * few members who joined in the last seven days, whom their default search finds (gender both
 * ways, ages, their country) and who live near them, nearest first, and a push saying so if they
 * want that too; nothing when there is nobody.
 *
 * - `notification_weekly_scan` (Mondays 09:00 UTC, one job per tick across processes) pages
 *   through the members who may get mail, leaves out those who turned the kind off by both
 *   channels, and queues one job per member under an id made from member and week;
 * - `notification_weekly_update` checks again when it runs, waits out the member's quiet hours
 *   (09:00 UTC is night somewhere), asks matching for the new members and sends through
 *   sendScheduledNews, which claims the week in the transaction that sends: two processes send once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ageOn } from '@cupido/shared/rules/accounts';
import { notificationPreferences } from '../../db/schema';
import { workJobId, type JobDefinition } from '../../infra/jobs';
import { mailableUserIds, recipientByUser } from '../accounts/for-notifications';
import { newMembersFor } from '../matching/suggestions';
import { profilesForNotifications } from '../profiles/for-notifications';
import { channelsFor, lastMailedAt, quietHoursEndFor, sendScheduledNews, type ScheduledMailDeps } from './scheduled-mails';

export const WEEKLY_SCAN_JOB = 'notification_weekly_scan';
export const WEEKLY_UPDATE_JOB = 'notification_weekly_update';
export const WEEKLY_UPDATE_TOPIC = 'weekly:updates';
const DAY_MS = 86_400_000;
/** New members: joined within this long. */
export const NEW_MEMBER_MS = 7 * DAY_MS;
/** "Once a week", with slack for a mail held by quiet hours into the next morning. */
export const WEEKLY_UPDATE_GAP_MS = 6 * DAY_MS;
/** A few profiles, not a catalogue: the mail invites to the site. */
export const WEEKLY_UPDATE_PROFILES = 6;
const SCAN_PAGE = 1000;

export interface WeeklyUpdateJob {
  userId: number;
  afterQuietHours?: boolean;
}

export function weeklyUpdateJobs(deps: ScheduledMailDeps): { scan: JobDefinition; update: JobDefinition<WeeklyUpdateJob> } {
  const update: JobDefinition<WeeklyUpdateJob> = { name: WEEKLY_UPDATE_JOB, run: (data) => sendWeeklyUpdate(deps, update, data) };
  const scan: JobDefinition = {
    name: WEEKLY_SCAN_JOB,
    cron: '0 9 * * 1',
    run: async () => void (await scanForWeeklyUpdates(deps, update)),
  };
  return { scan, update };
}

/** Queues this week's updates; answers how many. */
export async function scanForWeeklyUpdates(deps: ScheduledMailDeps, update: JobDefinition<WeeklyUpdateJob>): Promise<number> {
  const week = Math.floor(deps.clock().getTime() / (7 * DAY_MS));
  let queued = 0;
  for (let after = 0; ;) {
    const ids = await mailableUserIds(deps.db, after, SCAN_PAGE);
    if (ids.length === 0) return queued;
    after = ids[ids.length - 1]!;
    // Only those who turned it off have a row saying so (the default is on); off by mail and by push, it is off.
    const off = await deps.db
      .select({ userId: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(
        and(
          inArray(notificationPreferences.userId, ids),
          eq(notificationPreferences.kind, 'weekly_updates'),
          eq(notificationPreferences.enabled, false),
        ),
      )
      .groupBy(notificationPreferences.userId)
      .having(sql`count(*) = 2`);
    const optedOut = new Set(off.map((row) => row.userId));
    for (const userId of ids) {
      if (optedOut.has(userId)) continue;
      if (await deps.jobs.send(update, { userId }, { id: workJobId(WEEKLY_UPDATE_JOB, userId, week) })) queued++;
    }
  }
}

export async function sendWeeklyUpdate(
  deps: ScheduledMailDeps,
  update: JobDefinition<WeeklyUpdateJob>,
  job: WeeklyUpdateJob,
): Promise<void> {
  const now = deps.clock();
  const recipient = await recipientByUser(deps.db, job.userId);
  if (!recipient) return;
  const channels = await channelsFor(deps, recipient, 'weekly_updates');
  if (!channels.email && !channels.push) return;
  const last = await lastMailedAt(deps, recipient.userId, WEEKLY_UPDATE_TOPIC);
  if (last && last.getTime() > now.getTime() - WEEKLY_UPDATE_GAP_MS) return;
  const quietEnd = job.afterQuietHours ? null : await quietHoursEndFor(deps, recipient, now);
  if (quietEnd) {
    await deps.jobs.send(
      update,
      { ...job, afterQuietHours: true },
      { id: workJobId(WEEKLY_UPDATE_JOB, job.userId, 'after-quiet-hours', quietEnd.toISOString()), startAfter: quietEnd },
    );
    return;
  }
  const found = await newMembersFor(
    { db: deps.db, clock: deps.clock },
    { userId: recipient.userId, profileId: recipient.profileId, siteId: recipient.siteId, paidUser: false },
    new Date(now.getTime() - NEW_MEMBER_MS),
    WEEKLY_UPDATE_PROFILES,
  );
  if (found.length === 0) return; // nothing new: no mail
  const own = await profilesForNotifications(deps.db, [recipient.profileId]);
  const profiles = found.map((row) => ({
    name: row.name,
    age: ageOn(row.birthDate, now) ?? 0,
    city: row.city,
    fictional: row.isFictional,
    path: `/members/${row.id}`,
  }));
  await sendScheduledNews(
    deps,
    recipient,
    own.get(recipient.profileId)?.name ?? '',
    {
      kind: 'weekly_updates',
      topic: WEEKLY_UPDATE_TOPIC,
      minGapMs: WEEKLY_UPDATE_GAP_MS,
      about: { name: profiles[0]!.name, fictional: false },
      profiles,
      path: '/members',
    },
    now,
    channels,
  );
}
