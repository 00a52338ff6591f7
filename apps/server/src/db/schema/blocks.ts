/** The tables of blocks (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { profiles } from './profiles';

/**
 * Blocks (spec sections 4 and 6): a member blocks a profile. Either way round, the two no longer
 * find each other in search and cannot contact each other; the blocked member cannot view the
 * blocker's profile.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerUserId: integer('blocker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedProfileId: integer('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerUserId, t.blockedProfileId] }), index('blocks_blocked_profile_idx').on(t.blockedProfileId)],
);
