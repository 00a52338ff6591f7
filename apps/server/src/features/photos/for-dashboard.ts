/** What the dashboard (issue 13) reads of photos: the moderation queue's size and its oldest photo, by the queue's own partial index. */
import { count, isNull, min, and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { photos } from '../../db/schema';

export async function photoQueueFigures(db: Database, profilesOfSite: SQL | null): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldestAt: min(photos.createdAt) })
    .from(photos)
    .where(and(isNull(photos.reviewedAt), profilesOfSite === null ? undefined : sql`${photos.profileId} in ${profilesOfSite}`));
  return { count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
}
