/** The tables of likes (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

/**
 * Likes between profiles (spec sections 4 and 9, issue 11; features/likes). One row per
 * (from, to); a match is two rows, one each way. `seen_at` is null while the receiver has not
 * opened the like (like_new). `hidden` keeps the likes of an account pending deletion out of
 * every list until it is reactivated. Both lists of GET /api/likes.php read one partial index
 * each, index only (they carry every column the list needs).
 */
export const likes = pgTable(
  'likes',
  {
    fromProfileId: integer('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toProfileId: integer('to_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.fromProfileId, t.toProfileId] }),
    // "Who liked me", newest first: also finds the reverse like of a pair.
    index('likes_to_me_newest_idx')
      .on(t.toProfileId, t.createdAt.desc(), t.fromProfileId, t.seenAt)
      .where(sql`NOT ${t.hidden}`),
    // "Whom I liked", newest first.
    index('likes_from_me_newest_idx')
      .on(t.fromProfileId, t.createdAt.desc(), t.toProfileId, t.seenAt)
      .where(sql`NOT ${t.hidden}`),
    // The reverse direction of the primary key, for events that remove or hide a profile's likes both ways.
    index('likes_to_profile_idx').on(t.toProfileId),
    // The notifier reads the likes of the last minutes (features/notifications).
    index('likes_created_at_idx').on(t.createdAt),
    check('likes_not_self', sql`${t.fromProfileId} <> ${t.toProfileId}`),
  ],
);

/**
 * Every Like a member's profile gave, append-only (issue 11): the free members' daily count reads
 * it, so unliking never gives a Like back and liking again counts again. Whom the Like went to
 * is the likes row's business: a Like stays given when that row or the liked profile goes.
 * `day_end` is the end of the local day the Like was given in, in the member's zone then: it
 * counts until then even when the member changes zone (issue 27, decision 027).
 */
export const likeGrants = pgTable(
  'like_grants',
  {
    id: serial('id').primaryKey(),
    fromProfileId: integer('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    dayEnd: timestamp('day_end', { withTimezone: true }).notNull(),
  },
  // A counted grant's day ends after the member's current day began: one range, index only.
  (t) => [index('like_grants_from_day_end_idx').on(t.fromProfileId, t.dayEnd, t.givenAt)],
);

/** Left swipes of the swipe game (issue 11): the profile does not come back in the member's stack. */
export const passes = pgTable(
  'passes',
  {
    fromProfileId: integer('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toProfileId: integer('to_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromProfileId, t.toProfileId] }),
    index('passes_to_profile_idx').on(t.toProfileId),
    check('passes_not_self', sql`${t.fromProfileId} <> ${t.toProfileId}`),
  ],
);
