/**
 * Notification rules (spec section 3, issue 30), zod-free so the web app's settings screen and
 * the server's mail job use the same functions.
 *
 * A member chooses per kind and per channel (e-mail, push) whether to hear from the site. What
 * a member never chose follows the defaults: the member-to-member kinds are on, the marketing
 * kinds (promotions, news) are off until the member opts in, since marketing needs consent.
 */

export const NOTIFICATION_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Marketing: sent only to members who opted in; the opt-in is recorded with the consents. */
export const MARKETING_KINDS: readonly NotificationKind[] = ['promotions', 'news'];

export const isMarketingKind = (kind: NotificationKind): boolean => MARKETING_KINDS.includes(kind);

export type NotificationPreferences = Record<NotificationKind, Record<NotificationChannel, boolean>>;

/** What a member who never changed a preference gets. */
export function defaultPreference(kind: NotificationKind): boolean {
  return !isMarketingKind(kind);
}

/** The full table from the stored choices (kind, channel, enabled); what is not stored is the default. */
export function preferencesFrom(stored: readonly { kind: string; channel: string; enabled: boolean }[]): NotificationPreferences {
  const table = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, defaultPreference(kind)])),
    ]),
  ) as NotificationPreferences;
  for (const row of stored) {
    const kinds = table[row.kind as NotificationKind];
    if (kinds && row.channel in kinds) kinds[row.channel as NotificationChannel] = row.enabled;
  }
  return table;
}

/**
 * A message waits this long before its mail goes: a member who reads it meanwhile (in another
 * tab, on the phone) gets no mail about what they have already seen.
 */
export const NOTIFICATION_MAIL_DELAY_SECONDS = 120;

/** Quiet hours in the member's time zone: no notification mail from 22:00 until 08:00. */
export const QUIET_HOURS_START = 22;
export const QUIET_HOURS_END = 8;

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) and minute the member's wall clock shows at `instant`. */
function wallTime(instant: Date, timeZone: string): { hour: number; minute: number } {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { hour: value('hour'), minute: value('minute') };
}

/**
 * When quiet hours end, if `now` falls in them in `timeZone`; null outside them. The end is
 * counted in minutes of wall time from now, so on the two nights a year when clocks change it
 * may come an hour early or late: never in the middle of the night.
 */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const { hour, minute } = wallTime(now, timeZone);
  const quiet = hour >= QUIET_HOURS_START || hour < QUIET_HOURS_END;
  if (!quiet) return null;
  const minutesNow = hour * 60 + minute;
  const endMinutes = QUIET_HOURS_END * 60;
  const wait = minutesNow < endMinutes ? endMinutes - minutesNow : 24 * 60 - minutesNow + endMinutes;
  const end = new Date(now.getTime() + wait * 60_000);
  end.setUTCSeconds(0, 0);
  return end;
}
