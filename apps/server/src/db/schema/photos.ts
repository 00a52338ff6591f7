/** The tables of photos (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PHOTO_STATUSES } from '@cupido/shared/rules/photos';
import { oneOf } from '../checks';
import { profiles } from './profiles';

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    status: text('status', { enum: PHOTO_STATUSES }).notNull().default('pending'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When staff reviewed the photo (issue 13): null while it waits in the moderation queue, which
     * holds pending photos (sites in 'pre' mode) and approved but unreviewed ones ('post' mode).
     */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByStaffId: integer('reviewed_by_staff_id'),
  },
  (t) => [
    index('photos_profile_idx').on(t.profileId),
    // The moderation queue, oldest first: only the photos still waiting are in this index.
    index('photos_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.reviewedAt} is null`),
    // Moving the mark is two statements (unset, then set): this index is checked row by row.
    uniqueIndex('photos_one_main_per_profile')
      .on(t.profileId)
      .where(sql`${t.isMain}`),
    oneOf('photos_status_known', t.status, PHOTO_STATUSES),
  ],
);
