/**
 * What the notifications feature (issue 30) reads of likes: the likes given in a span of time
 * that their receiver has not opened yet, and whether each made a match. Likes keeps its
 * tables; notifications calls these.
 */
import { and, gt, isNull, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
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
/** Asked by every notification job about a like: a prepared statement. */
const likeStillNewStatement = preparedStatement<{ fromProfileId: number; toProfileId: number }, { one: number }>(
  (p) =>
    sql`select 1 as "one" from ${likes}
        where ${likes.fromProfileId} = ${p.fromProfileId} and ${likes.toProfileId} = ${p.toProfileId} and ${likes.seenAt} is null and not ${likes.hidden}`,
);

export async function likeStillNew(db: Pick<Database, 'execute'>, fromProfileId: number, toProfileId: number): Promise<boolean> {
  const [row] = await likeStillNewStatement(db, { fromProfileId, toProfileId });
  return row !== undefined;
}
