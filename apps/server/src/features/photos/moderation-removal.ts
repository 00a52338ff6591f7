/**
 * What moderation's report queue (issue 13) reads and changes of photos: the reported photo as
 * the queue shows it, and "remove the content" for a photo report. The photo is rejected, not
 * deleted: others stop seeing it at once (only approved photos are shown, and has_photo follows
 * by trigger), the member still sees it marked rejected beside the statement of reasons, and an
 * appeal has the evidence. Marking it reviewed takes it out of the photo queue as well.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { photos } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

export interface ModeratedPhoto {
  id: number;
  profileId: number;
  filename: string;
  thumbFilename: string;
  status: string;
}

export async function photosForModeration(db: Pick<Database, 'select'>, ids: number[]): Promise<Map<number, ModeratedPhoto>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: photos.id, profileId: photos.profileId, filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status })
    .from(photos)
    .where(inArray(photos.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Rejects the photo for a moderation decision; answers its status before, or null when it is gone. */
export async function rejectPhotoForModeration(tx: Tx, photoId: number, staffId: number, now: Date): Promise<string | null> {
  const [before] = await tx.select({ status: photos.status }).from(photos).where(eq(photos.id, photoId)).for('update');
  if (!before) return null;
  await tx.update(photos).set({ status: 'rejected', reviewedAt: now, reviewedByStaffId: staffId }).where(eq(photos.id, photoId));
  return before.status;
}
