/** The tables of notifications (decision 021: db/table-owners.ts names each table's owning feature). */
import { boolean, bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@cupido/shared/rules/notifications';
import { oneOf } from '../checks';
import { users } from './accounts';

/**
 * A member's choices (issue 30): one row per kind and channel the member changed; what has no
 * row follows the defaults of shared/rules/notifications.ts (member-to-member kinds on, marketing off).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    oneOf('notification_preferences_kind_known', t.kind, NOTIFICATION_KINDS),
    oneOf('notification_preferences_channel_known', t.channel, NOTIFICATION_CHANNELS),
  ],
);

/**
 * What a member was last mailed about, per topic ('conversation:<id>', 'like:<profile id>',
 * 'match:<profile id>'): at most one mail per conversation until the member has read up to
 * `mailed_up_to` (the last message the mail was about), one per like and per match.
 */
export const notificationTopics = pgTable(
  'notification_topics',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    mailedUpTo: bigint('mailed_up_to', { mode: 'number' }).notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] }), index('notification_topics_mailed_at_idx').on(t.mailedAt)],
);

/**
 * How far the notifier has read the messages and likes (one row per source): each scan takes
 * what happened after `scanned_until` and at least NOTIFICATION_MAIL_DELAY_SECONDS ago.
 */
export const notificationScans = pgTable('notification_scans', {
  source: text('source').primaryKey(),
  scannedUntil: timestamp('scanned_until', { withTimezone: true }).notNull(),
});
