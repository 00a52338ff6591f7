/**
 * The photos of the fictional profiles staff run (issue 13; features/fictional-profiles calls
 * these). The same processing as a member's upload (decoded, turned upright, every bit of
 * metadata stripped, resized; processing.ts), but a photo staff upload is approved and reviewed
 * at once: staff are the reviewers. The caller holds the profile's row lock
 * (profiles/for-fictional-profiles.ts), so one profile's photo changes run one at a time.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { photos } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import { newPhotoKey } from '../../infra/photo-storage';
import { AppError } from '../../errors';
import { processPhoto } from './processing';
import { deletePhotoFiles, photoNotFound, type PhotoDeps, type PhotoRow } from './service';

export interface StoredPhotoFiles {
  displayKey: string;
  thumbKey: string;
}

/** Processes the upload and writes its two files; on any failure nothing stays behind. */
export async function storePhotoFiles(deps: Pick<PhotoDeps, 'storage' | 'log'>, input: Buffer): Promise<StoredPhotoFiles> {
  const processed = await processPhoto(input);
  const displayKey = newPhotoKey('.jpg');
  const thumbKey = newPhotoKey('.jpg');
  const writes = await Promise.allSettled([
    deps.storage.put(displayKey, processed.display.data, processed.display.contentType),
    deps.storage.put(thumbKey, processed.thumb.data, processed.thumb.contentType),
  ]);
  const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
  if (failed) {
    await deletePhotoFiles(deps, [displayKey, thumbKey]);
    throw failed.reason;
  }
  return { displayKey, thumbKey };
}

/** The row of stored files: approved, reviewed now by the staff member; the first photo becomes the main one. */
export async function addReviewedPhoto(
  tx: Tx,
  profileId: number,
  files: StoredPhotoFiles,
  staffId: number,
  now: Date,
  maxPhotos: number,
): Promise<PhotoRow> {
  const [counts] = await tx
    .select({ total: count(), mains: sql<number>`(count(*) filter (where ${photos.isMain}))::int` })
    .from(photos)
    .where(eq(photos.profileId, profileId));
  if ((counts?.total ?? 0) >= maxPhotos)
    throw new AppError(409, 'photo_limit_reached', 'staff.fictional.errors.photo_limit', { limit: maxPhotos }, 'photo');
  const [row] = await tx
    .insert(photos)
    .values({
      profileId,
      filename: files.displayKey,
      thumbFilename: files.thumbKey,
      status: 'approved',
      isMain: (counts?.mains ?? 0) === 0,
      createdAt: now,
      reviewedAt: now,
      reviewedByStaffId: staffId,
    })
    .returning();
  return row!;
}

/** Deletes one photo of the profile and answers its row (the caller deletes the files after the commit); the next photo becomes main. */
export async function removeProfilePhoto(tx: Tx, profileId: number, photoId: number): Promise<PhotoRow> {
  const [row] = await tx
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
    .returning();
  if (!row) throw photoNotFound();
  if (row.isMain) {
    const [next] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.profileId, profileId))
      .orderBy(desc(sql`${photos.status} = 'approved'`), asc(photos.id))
      .limit(1);
    if (next) await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
  }
  return row;
}

/** Makes one photo of the profile its main photo; answers the previous main photo's id. */
export async function makeMainPhoto(tx: Tx, profileId: number, photoId: number): Promise<number | null> {
  const rows = await tx.select({ id: photos.id, isMain: photos.isMain }).from(photos).where(eq(photos.profileId, profileId));
  if (!rows.some((r) => r.id === photoId)) throw photoNotFound();
  const previous = rows.find((r) => r.isMain)?.id ?? null;
  // Old mark first: the one-main-photo index is checked row by row (as in service.ts).
  await tx
    .update(photos)
    .set({ isMain: false })
    .where(and(eq(photos.profileId, profileId), eq(photos.isMain, true), ne(photos.id, photoId)));
  await tx.update(photos).set({ isMain: true }).where(eq(photos.id, photoId));
  return previous;
}

/** Photo count and main thumbnail of each profile, for a list. */
export async function photoSummaries(
  db: Database,
  profileIds: number[],
): Promise<Map<number, { count: number; mainThumb: string | null }>> {
  const result = new Map<number, { count: number; mainThumb: string | null }>();
  if (profileIds.length === 0) return result;
  const rows = await db
    .select({
      profileId: photos.profileId,
      count: count(),
      mainThumb: sql<string | null>`max(${photos.thumbFilename}) filter (where ${photos.isMain})`,
    })
    .from(photos)
    .where(inArray(photos.profileId, profileIds))
    .groupBy(photos.profileId);
  for (const row of rows) result.set(row.profileId, { count: row.count, mainThumb: row.mainThumb });
  return result;
}
