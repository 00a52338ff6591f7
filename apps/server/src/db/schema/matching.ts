/** The tables of matching (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { profiles } from './profiles';

/** Auto-likes sent to a member (issue 11; features/matching): the site's rules count them per local day. */
export const autoLikes = pgTable(
  'auto_likes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The fictional profile that liked the member. */
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auto_likes_user_created_idx').on(t.userId, t.createdAt)],
);
