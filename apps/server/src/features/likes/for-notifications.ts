/**
 * What the notifications feature (issue 30) reads of likes: the likes given in a span of time
 * that their receiver has not opened yet, and whether each made a match. Likes keeps its
 * tables; notifications calls these.
 */
import { and, eq, gt, isNull, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { likes } from '../../db/schema';

export interface LikeNews {
  fromProfileId: number;
  toProfileId: number;
  /** The receiver had liked the giver before: this like made a match. */
  match: boolean;
}

export async function newLikesBetween(db: Pick<Database, 'select'>, from: Date, until: Date): Promise<LikeNews[]> {
  const reverse = sql`exists (select 1 from ${likes} back where back.from_profile_id = ${likes.toProfileId} and back.to_profile_id = ${likes.fromProfileId} and not back.hidden)`;
  const rows = await db
    .select({ fromProfileId: likes.fromProfileId, toProfileId: likes.toProfileId, match: sql<boolean>`${reverse}` })
    .from(likes)
    .where(and(gt(likes.createdAt, from), lte(likes.createdAt, until), isNull(likes.seenAt), not(likes.hidden)));
  return rows;
}

/** Whether the like still stands and its receiver has not opened it. */
export async function likeStillNew(db: Pick<Database, 'select'>, fromProfileId: number, toProfileId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.fromProfileId, fromProfileId), eq(likes.toProfileId, toProfileId), isNull(likes.seenAt), not(likes.hidden)));
  return row !== undefined;
}
