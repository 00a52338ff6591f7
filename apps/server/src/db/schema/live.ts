/** The tables of the live channel (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { users } from './accounts';

/**
 * Who is online now, across server processes (decision 036): one row per member and process
 * that holds a live socket of theirs. A process refreshes `seen_at` of its rows on a heartbeat
 * and deletes a row when the member's last socket on it closes; a row whose process died
 * stops counting once `seen_at` is older than the presence timeout.
 */
export const memberPresence = pgTable(
  'member_presence',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    processId: text('process_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.processId] }),
    index('member_presence_profile_idx').on(t.profileId, t.seenAt),
    index('member_presence_process_idx').on(t.processId),
  ],
);
