/**
 * Photo review (issue 13): the photos side of the back office's moderation queue. A photo waits
 * for review while `reviewed_at` is null (photos_review_queue_idx holds exactly those): pending
 * ones on 'pre' sites, already approved ones on 'post' sites. Moderation (features/moderation)
 * composes these reads with the profile facts and carries out the decisions in its transaction;
 * the rows are locked here, so one photo is never reviewed twice.
 *
 * profiles.has_photo follows by trigger (migration 0002): approving a main photo shows it in
 * search at once, rejecting one hides it, and the main mark moves as on deletion.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { photos } from '../../db/schema';
import type { Database } from '../../db/open';
import type { Tx } from '../../infra/domain-events';

/** A condition on the photo's profile (a photos.profile_id column), given by the composing feature: e.g. "on site 3". */
export type ProfileCondition = (profileId: SQLWrapper) => SQL;

export interface QueuedPhoto {
  id: number;
  profileId: number;
  filename: string;
  thumbFilename: string;
  status: 'pending' | 'approved' | 'rejected';
  isMain: boolean;
  createdAt: Date;
  /** The upload time to the microsecond (UTC), for the next page's cursor: a Date keeps milliseconds only. */
  createdAtExact: string;
}

/** A keyset position in the queue: the upload time (ISO, microseconds) and the photo id. */
export interface QueuePosition {
  at: string;
  id: number;
}

const waiting = isNull(photos.reviewedAt);
// created_at to the microsecond as ISO text; the keyset compares it as timestamptz again.
const exactCreatedAt = sql<string>`to_char(${photos.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the queue, oldest first: photos_review_queue_idx read in order from the position,
 * each row's profile checked by the condition (a key probe), stopping after `limit`.
 */
export async function reviewQueuePage(
  db: Pick<Database, 'select'>,
  options: { profileCondition?: ProfileCondition; after?: QueuePosition; limit: number },
): Promise<QueuedPhoto[]> {
  const conditions = [waiting];
  if (options.profileCondition) conditions.push(options.profileCondition(photos.profileId));
  if (options.after) conditions.push(sql`(${photos.createdAt}, ${photos.id}) > (${options.after.at}::timestamptz, ${options.after.id})`);
  return db
    .select({
      id: photos.id,
      profileId: photos.profileId,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      status: photos.status,
      isMain: photos.isMain,
      createdAt: photos.createdAt,
      createdAtExact: exactCreatedAt,
    })
    .from(photos)
    .where(and(...conditions))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(options.limit);
}

/**
 * How many photos wait and when the oldest was uploaded. All of them: an exact count, from the
 * partial index alone (index-only). Under a condition (a site): counted up to `cap` + 1, because
 * each waiting photo costs a probe of its profile; `capped` then says there are more.
 */
export async function reviewQueueSize(
  db: Pick<Database, 'select'>,
  options: { profileCondition?: ProfileCondition; cap: number },
): Promise<{ total: number; capped: boolean; oldestAt: Date | null }> {
  if (!options.profileCondition) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int`, oldestAt: sql<string | Date | null>`min(${photos.createdAt})` })
      .from(photos)
      .where(waiting);
    return { total: row?.total ?? 0, capped: false, oldestAt: row?.oldestAt ? new Date(row.oldestAt) : null };
  }
  const condition = and(waiting, options.profileCondition(photos.profileId));
  // Both read the queue index in order and stop early (a nested loop over profiles' key), where a
  // plain count would join every waiting photo with the site's profiles.
  const counted = db
    .select({ one: sql`1` })
    .from(photos)
    .where(condition)
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(options.cap + 1)
    .as('counted');
  const [[size], [oldest]] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(counted),
    db.select({ createdAt: photos.createdAt }).from(photos).where(condition).orderBy(asc(photos.createdAt), asc(photos.id)).limit(1),
  ]);
  const total = size?.total ?? 0;
  return { total: Math.min(total, options.cap), capped: total > options.cap, oldestAt: oldest?.createdAt ?? null };
}

export interface PhotoUnderReview {
  id: number;
  profileId: number;
  status: 'pending' | 'approved' | 'rejected';
  isMain: boolean;
  reviewedAt: Date | null;
  reviewedByStaffId: number | null;
}

const reviewColumns = {
  id: photos.id,
  profileId: photos.profileId,
  status: photos.status,
  isMain: photos.isMain,
  reviewedAt: photos.reviewedAt,
  reviewedByStaffId: photos.reviewedByStaffId,
};

/** The profiles the photos belong to (unlocked: a photo never changes profile), by photo id. */
export async function profilesOfPhotos(db: Pick<Database, 'select'>, photoIds: number[]): Promise<Map<number, number>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db.select({ id: photos.id, profileId: photos.profileId }).from(photos).where(inArray(photos.id, photoIds));
  return new Map(rows.map((r) => [r.id, r.profileId]));
}

/**
 * Locks the photos until the transaction ends, in id order (two reviewers' overlapping batches
 * then wait for each other instead of deadlocking), and answers them as they are after any
 * earlier reviewer committed: a photo with `reviewedAt` set was reviewed by someone else.
 */
export async function lockPhotosForReview(tx: Tx, photoIds: number[]): Promise<Map<number, PhotoUnderReview>> {
  if (photoIds.length === 0) return new Map();
  const rows = await tx.select(reviewColumns).from(photos).where(inArray(photos.id, photoIds)).orderBy(asc(photos.id)).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** Approves a locked photo: shown to others from now on (a 'post' photo already was); reviewed. */
export async function approvePhotoInReview(tx: Tx, photo: PhotoUnderReview, staffId: number, now: Date): Promise<void> {
  await tx.update(photos).set({ status: 'approved', reviewedAt: now, reviewedByStaffId: staffId }).where(eq(photos.id, photo.id));
}

/**
 * Rejects a locked photo: hidden from others, kept for the member (marked rejected) and for an
 * appeal. A main photo gives up its mark as on deletion (service.ts deletePhoto): to an approved
 * photo of the profile first, else the oldest one not rejected; with none left the profile has
 * no main photo until the next upload. Answers the photo that became main, if any.
 *
 * The caller holds the member's account lock (as every member photo change does), so a member
 * choosing their main photo at the same time cannot leave two marks.
 */
export async function rejectPhotoInReview(tx: Tx, photo: PhotoUnderReview, staffId: number, now: Date): Promise<number | null> {
  // Unset first: the one-main-photo index is checked row by row (decision 020).
  await tx
    .update(photos)
    .set({ status: 'rejected', isMain: false, reviewedAt: now, reviewedByStaffId: staffId })
    .where(eq(photos.id, photo.id));
  if (!photo.isMain) return null;
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.profileId, photo.profileId), ne(photos.id, photo.id), ne(photos.status, 'rejected')))
    .orderBy(desc(sql`${photos.status} = 'approved'`), asc(photos.id))
    .limit(1);
  if (!next) return null;
  await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
  return next.id;
}
