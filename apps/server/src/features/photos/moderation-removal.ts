/**
 * What moderation's report queue (issue 13) reads of photos: the reported photo as the queue
 * shows it (with its status). Removing a reported photo is review.ts's rejection (the photo
 * queue's own), so both queues reject a photo the same way.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { photos } from '../../db/schema';

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
    .select({
      id: photos.id,
      profileId: photos.profileId,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      status: photos.status,
    })
    .from(photos)
    .where(inArray(photos.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
