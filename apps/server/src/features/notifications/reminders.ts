/**
 * Unread-message reminders (issue 30, preference `unread_message_reminders`): a member whose
 * messages have waited unread for a day gets one mail and/or push about them (as the member's
 * preferences say), at most one a day.
 *
 * - `notification_unread_reminder_scan` (hourly, one job per tick across processes) asks chats
 *   for the members with messages unread for more than 24 h (written in the last week: older
 *   ones no longer remind), leaves out those told within the gap, those who may get neither mail
 *   nor push and those in their quiet hours (a later hour's scan finds them), and queues one job
 *   per member under an id made from member and hour, so a repeated scan queues nothing twice;
 * - `notification_unread_reminder` checks again when it runs (the preference, still unread, not
 *   online, quiet hours) and sends through sendScheduledNews, which claims the day in the
 *   transaction that sends: two processes send once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notificationTopics } from '../../db/schema';
import { workJobId, type JobDefinition } from '../../infra/jobs';
import { recipientByUser, recipientsByProfile } from '../accounts/for-notifications';
import { unreadWaitingBetween } from '../chats/for-notifications';
import { profilesForNotifications } from '../profiles/for-notifications';
import { channelsFor, isOnlineNow, lastMailedAt, quietHoursEndFor, sendScheduledNews, type ScheduledMailDeps } from './scheduled-mails';

export const UNREAD_REMINDER_SCAN_JOB = 'notification_unread_reminder_scan';
export const UNREAD_REMINDER_JOB = 'notification_unread_reminder';
export const UNREAD_REMINDER_TOPIC = 'reminder:unread';
const HOUR_MS = 3600_000;
/** Messages unread this long make a reminder. */
export const UNREAD_WAITING_MS = 24 * HOUR_MS;
/** Messages older than this no longer remind: a member who lets them lie is not mailed forever. */
const UNREAD_REACH_BACK_MS = 7 * 24 * HOUR_MS;
/**
 * "At most one a day", with an hour of slack: the hourly scan runs a little after its tick, and a
 * full 24 h would push each day's reminder an hour later than the last.
 */
export const UNREAD_REMINDER_GAP_MS = 23 * HOUR_MS;

export interface UnreadReminderJob {
  userId: number;
  /** Queued again at the end of the member's quiet hours: send then. */
  afterQuietHours?: boolean;
}

export function unreadReminderJobs(deps: ScheduledMailDeps): { scan: JobDefinition; reminder: JobDefinition<UnreadReminderJob> } {
  const reminder: JobDefinition<UnreadReminderJob> = { name: UNREAD_REMINDER_JOB, run: (data) => sendUnreadReminder(deps, reminder, data) };
  const scan: JobDefinition = {
    name: UNREAD_REMINDER_SCAN_JOB,
    cron: '5 * * * *',
    run: async () => void (await scanForUnreadReminders(deps, reminder)),
  };
  return { scan, reminder };
}

/** Queues the reminders due now; answers how many. */
export async function scanForUnreadReminders(deps: ScheduledMailDeps, reminder: JobDefinition<UnreadReminderJob>): Promise<number> {
  const now = deps.clock();
  const waiting = await unreadWaitingBetween(
    deps.db,
    new Date(now.getTime() - UNREAD_REACH_BACK_MS),
    new Date(now.getTime() - UNREAD_WAITING_MS),
  );
  const recipients = [
    ...(
      await recipientsByProfile(
        deps.db,
        waiting.map((w) => w.recipientProfileId),
      )
    ).values(),
  ].filter((r) => r.mailable || r.pushable);
  if (recipients.length === 0) return 0;
  const recently = await deps.db
    .select({ userId: notificationTopics.userId })
    .from(notificationTopics)
    .where(
      and(
        eq(notificationTopics.topic, UNREAD_REMINDER_TOPIC),
        inArray(
          notificationTopics.userId,
          recipients.map((r) => r.userId),
        ),
        sql`${notificationTopics.mailedAt} > ${new Date(now.getTime() - UNREAD_REMINDER_GAP_MS).toISOString()}::timestamptz`,
      ),
    );
  const mailedToday = new Set(recently.map((row) => row.userId));
  const hour = Math.floor(now.getTime() / HOUR_MS);
  let queued = 0;
  for (const recipient of recipients) {
    if (mailedToday.has(recipient.userId) || (await quietHoursEndFor(deps, recipient, now))) continue;
    if (await deps.jobs.send(reminder, { userId: recipient.userId }, { id: workJobId(UNREAD_REMINDER_JOB, recipient.userId, hour) }))
      queued++;
  }
  return queued;
}

export async function sendUnreadReminder(
  deps: ScheduledMailDeps,
  reminder: JobDefinition<UnreadReminderJob>,
  job: UnreadReminderJob,
): Promise<void> {
  const now = deps.clock();
  const recipient = await recipientByUser(deps.db, job.userId);
  if (!recipient) return;
  const channels = await channelsFor(deps, recipient, 'unread_message_reminders');
  if (!channels.email && !channels.push) return;
  const [waiting] = await unreadWaitingBetween(
    deps.db,
    new Date(now.getTime() - UNREAD_REACH_BACK_MS),
    new Date(now.getTime() - UNREAD_WAITING_MS),
    recipient.profileId,
  );
  if (!waiting) return; // read meanwhile
  const last = await lastMailedAt(deps, recipient.userId, UNREAD_REMINDER_TOPIC);
  if (last && last.getTime() > now.getTime() - UNREAD_REMINDER_GAP_MS) return;
  // The app shows them their unread messages; the next hour's scan looks again.
  if (await isOnlineNow(deps, recipient.profileId, now)) return;
  const quietEnd = job.afterQuietHours ? null : await quietHoursEndFor(deps, recipient, now);
  if (quietEnd) {
    await deps.jobs.send(
      reminder,
      { ...job, afterQuietHours: true },
      { id: workJobId(UNREAD_REMINDER_JOB, job.userId, 'after-quiet-hours', quietEnd.toISOString()), startAfter: quietEnd },
    );
    return;
  }
  const profiles = await profilesForNotifications(deps.db, [waiting.senderProfileId, recipient.profileId]);
  const sender = profiles.get(waiting.senderProfileId);
  if (!sender) return;
  await sendScheduledNews(
    deps,
    recipient,
    profiles.get(recipient.profileId)?.name ?? '',
    {
      kind: 'unread_message_reminders',
      topic: UNREAD_REMINDER_TOPIC,
      minGapMs: UNREAD_REMINDER_GAP_MS,
      about: { name: sender.name, fictional: sender.fictional },
      path: '/chats',
    },
    now,
    channels,
  );
}
