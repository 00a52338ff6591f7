/**
 * A member's own photos: upload (decoded, stripped, resized, stored, then a row that waits for
 * review: 'pending' and hidden on sites in 'pre' moderation, 'approved' at once on 'post' sites),
 * main photo, deletion, and the clean-up of files when an account is erased.
 *
 * Files and rows stay consistent: files are written first and the row inserted after, in a
 * transaction that locks the member's users row, so the 3/25 limit holds even for parallel
 * uploads (PostgreSQL makes the second wait, then it counts the first). If anything fails after
 * the files were written they are deleted again; a row never exists without its files. On
 * deletion the row goes first and its files after the commit (a failure there leaves an
 * unreferenced file, logged, never a row pointing at nothing).
 */
import { and, asc, desc, eq, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { photoLimit } from '@cupido/shared/rules/photos';
import { type TPhoto } from '@cupido/shared/contracts/photos';
import type { TPhotoModerationMode } from '@cupido/shared/contracts/staff';
import { FREE_PHOTOS, PREMIUM_PHOTOS } from '@cupido/shared/rules/constants';
import { AppError } from '../../errors';
import { photos } from '../../db/schema';
import type { Database } from '../../db/open';
import type { DomainEvents } from '../../infra/domain-events';
import type { PhotoStorage } from '../../infra/photo-storage';
import { newPhotoKey } from '../../infra/photo-storage';
import type { RateLimiter } from '../../infra/rate-limiter';
import { authenticationRequired } from '../../plugins/session';
import { isPaidMember, lockMemberAccount } from '../accounts/member-lock';
import { processPhoto } from './processing';

export interface PhotoDeps {
  db: Database;
  /** account.view_changed when the main photo changes (user.php shows it). */
  events: DomainEvents;
  storage: PhotoStorage;
  limiter: RateLimiter;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Who is acting: the logged-in member (request.requireMember()). */
export interface PhotoOwner {
  id: number;
  profileId: number;
  paidUser: boolean;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Pick<Database, 'select' | 'delete'>;
export type PhotoRow = typeof photos.$inferSelect;

/** Uploads per member per hour: decoding is the costliest thing a member can ask for. */
export const PHOTO_UPLOADS_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

export const photoNotFound = () => new AppError(404, 'photo_not_found', 'errors.photo_not_found');

function limitReached(paidUser: boolean): AppError {
  return paidUser
    ? new AppError(409, 'photo_limit_reached', 'errors.photo_limit_reached_premium', { limit: PREMIUM_PHOTOS }, 'photo')
    : new AppError(
        409,
        'photo_limit_reached',
        'errors.photo_limit_reached_free',
        { limit: FREE_PHOTOS, premium_limit: PREMIUM_PHOTOS },
        'photo',
      );
}

export function toPhotoView(row: PhotoRow, storage: PhotoStorage, cdnPrefix: string): TPhoto {
  return {
    id: row.id,
    filename: row.filename,
    thumb_filename: row.thumbFilename,
    url: storage.url(row.filename, cdnPrefix),
    thumb_url: storage.url(row.thumbFilename, cdnPrefix),
    status: row.status,
    is_main: row.isMain,
  };
}

/**
 * SQL for the read models of other features (search cards, the block list): the thumbnail of the
 * profile's approved main photo, or null. `profileId` is a profiles.id column of the caller's
 * query or a value. A scalar subquery by photos_one_main_per_profile, so one index probe per
 * row and never more than one photo (the index allows one main photo per profile).
 */
export function approvedMainThumbOf(profileId: SQLWrapper | number) {
  // The condition is nested SQL: drizzle drops the table names of the top-level columns of a
  // single-table select, and unqualified "profile_id" = "id" would compare two photos columns.
  const ofProfile = and(eq(photos.profileId, profileId), sql`${photos.isMain}`, sql`${photos.status} = 'approved'`);
  return sql<string | null>`(select ${photos.thumbFilename} from ${photos} where ${ofProfile})`;
}

/**
 * The main photo of each profile (any status) as a derived table for other features' read
 * models, joined by `profileId` (the member view of user.php, through profiles). PostgreSQL
 * pulls it up into the caller's query: one probe by photos_one_main_per_profile.
 */
export const mainPhotos = new QueryBuilder()
  .select({ profileId: photos.profileId, filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status })
  .from(photos)
  // The bare column, not "= $1": a prepared statement's generic plan still matches the partial index.
  .where(sql`${photos.isMain}`)
  .as('main_photo');

/** Whether the photo exists and belongs to the profile (any status: a pending photo can be reported too). */
export async function isPhotoOfProfile(db: Pick<Database, 'select'>, photoId: number, profileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
    .limit(1);
  return row !== undefined;
}

/** A profile's photos in upload order. */
export async function listPhotos(db: Pick<Database, 'select'>, profileId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(asc(photos.id));
}

/** The member's users row, locked until the transaction ends: every photo change of one member runs one at a time. */
async function lockOwner(tx: Tx, owner: PhotoOwner): Promise<{ paidUser: boolean }> {
  const row = await lockMemberAccount(tx, owner.id);
  // Erased or re-linked while the request ran: the session no longer stands for this profile.
  if (!row || row.profileId !== owner.profileId) throw authenticationRequired();
  return row;
}

async function countPhotos(db: Pick<Database, 'select'>, profileId: number) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, mains: sql<number>`(count(*) filter (where ${photos.isMain}))::int` })
    .from(photos)
    .where(eq(photos.profileId, profileId));
  return { total: row?.total ?? 0, mains: row?.mains ?? 0 };
}

/** Deletes stored files, logging (not throwing) what could not be deleted. */
export async function deletePhotoFiles(deps: Pick<PhotoDeps, 'storage' | 'log'>, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') deps.log.error({ err: result.reason, key: keys[i] }, 'photo file could not be deleted');
  });
}

/**
 * Stores a new photo for the member: rate limit, a quick limit check (so a member at the limit
 * costs no decoding), processing, files, then the row under the member's row lock, where the
 * limit is checked again for real. The first photo becomes the main photo. The site's
 * `moderation` mode decides whether others see it before a reviewer did: never ('pre', pending
 * until approved) or at once ('post', approved); either way it waits in the review queue
 * (reviewed_at null) until staff approve or reject it (review.ts).
 */
export async function uploadPhoto(
  deps: PhotoDeps,
  owner: PhotoOwner,
  input: Buffer,
  moderation: TPhotoModerationMode = 'pre',
): Promise<PhotoRow> {
  const rate = await deps.limiter.hit(`photo-upload:${owner.id}`, PHOTO_UPLOADS_PER_HOUR, HOUR_MS);
  if (!rate.allowed) throw new AppError(429, 'too_many_photo_uploads', 'errors.too_many_photo_uploads', {}, 'photo');
  // Paid status is read fresh (a purchase may have happened since the session was looked up).
  const paidNow = (await isPaidMember(deps.db, owner.id)) ?? owner.paidUser;
  if ((await countPhotos(deps.db, owner.profileId)).total >= photoLimit(paidNow)) throw limitReached(paidNow);

  const processed = await processPhoto(input);
  const displayKey = newPhotoKey('.jpg');
  const thumbKey = newPhotoKey('.jpg');
  try {
    // allSettled: both writes have ended (either way) before a failure deletes what was written.
    const writes = await Promise.allSettled([
      deps.storage.put(displayKey, processed.display.data, processed.display.contentType),
      deps.storage.put(thumbKey, processed.thumb.data, processed.thumb.contentType),
    ]);
    const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failed) throw failed.reason;
    return await deps.events.transaction(deps.db, async (tx) => {
      const { paidUser } = await lockOwner(tx, owner);
      const { total, mains } = await countPhotos(tx, owner.profileId);
      if (total >= photoLimit(paidUser)) throw limitReached(paidUser);
      const [row] = await tx
        .insert(photos)
        .values({
          profileId: owner.profileId,
          filename: displayKey,
          thumbFilename: thumbKey,
          status: moderation === 'post' ? 'approved' : 'pending',
          isMain: mains === 0,
        })
        .returning();
      if (row!.isMain) await mainPhotoChanged(deps.events, tx, owner);
      return row!;
    });
  } catch (error) {
    // Files of a photo that has no row: remove them (deleting one that was never written is fine).
    await deletePhotoFiles(deps, [displayKey, thumbKey]);
    throw error;
  }
}

/** user.php shows the main photo and its status: the session drops the member's cached lookups after the commit. */
function mainPhotoChanged(events: DomainEvents, tx: Tx, owner: PhotoOwner): Promise<void> {
  return events.publish(tx, { type: 'account.view_changed', userId: owner.id });
}

/** Makes one of the member's own photos the main photo; another member's photo is 'not found'. */
export async function setMainPhoto(deps: Pick<PhotoDeps, 'db' | 'events'>, owner: PhotoOwner, photoId: number): Promise<void> {
  await deps.events.transaction(deps.db, async (tx) => {
    await lockOwner(tx, owner);
    const [photo] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.id, photoId), eq(photos.profileId, owner.profileId)));
    if (!photo) throw photoNotFound();
    // Two statements, old mark first: the one-main-photo index (decision 020) is checked row by
    // row, so a single UPDATE that sets the new mark before clearing the old one would fail.
    await tx
      .update(photos)
      .set({ isMain: false })
      .where(and(eq(photos.profileId, owner.profileId), eq(photos.isMain, true), ne(photos.id, photoId)));
    await tx.update(photos).set({ isMain: true }).where(eq(photos.id, photoId));
    await mainPhotoChanged(deps.events, tx, owner);
  });
}

/**
 * Deletes one of the member's own photos: the row, then its files. When it was the main photo,
 * the next one becomes main (an approved one first, else the oldest).
 */
export async function deletePhoto(
  deps: Pick<PhotoDeps, 'db' | 'events' | 'storage' | 'log'>,
  owner: PhotoOwner,
  photoId: number,
): Promise<void> {
  const deleted = await deps.events.transaction(deps.db, async (tx) => {
    await lockOwner(tx, owner);
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.profileId, owner.profileId)))
      .returning();
    if (!row) throw photoNotFound();
    if (row.isMain) {
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(eq(photos.profileId, owner.profileId))
        .orderBy(desc(sql`${photos.status} = 'approved'`), asc(photos.id))
        .limit(1);
      if (next) await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
      await mainPhotoChanged(deps.events, tx, owner);
    }
    return row;
  });
  await deletePhotoFiles(deps, [deleted.filename, deleted.thumbFilename]);
}

/**
 * When a profile is deleted (event-handlers.ts), inside its transaction: deletes the photo rows
 * of the profile and answers their keys, to pass to deletePhotoFiles once it has committed.
 */
export async function takePhotoKeysOfProfile(tx: Executor, profileId: number): Promise<string[]> {
  const rows = await tx
    .delete(photos)
    .where(eq(photos.profileId, profileId))
    .returning({ filename: photos.filename, thumbFilename: photos.thumbFilename });
  return rows.flatMap((r) => [r.filename, r.thumbFilename]);
}
