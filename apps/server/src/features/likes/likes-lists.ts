/**
 * The likes lists (decision 027): GET /api/likes.php's answer, written as JSON by PostgreSQL, the
 * pages of the likes grids (/likes/{type}) and the like flags of a page of cards.
 */
import { and, desc, eq, inArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIKES_PAGE_TYPES, LIKES_PER_PAGE, likeStateOf, type LikeState, type LikesPageType } from '@cupido/shared/rules/likes';
import { type TLikesPageAnswer } from '@cupido/shared/contracts/likes';
import type { Database } from '../../db/open';
import { executePrepared } from '../../db/prepared';
import { likes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Site } from '../sites/service';
import { notHiddenFromPartners, shownToPartners } from '../profiles/for-likes';
import { withActivity, type ActivityMarks } from '../profiles/activity-port';
import { cardsByIdsQuery, toCard } from '../profiles/search-read-model';

/**
 * The entries of one list of GET /api/likes.php as JSON text (without the brackets), newest first.
 * Only integers go in, so plain text concatenation is safe, and it costs PostgreSQL a third of
 * what json_build_object per row does. The flag is one of two constant tails rather than a
 * boolean cast to text and appended: two concatenations a row instead of four, about a tenth
 * less time for 5,000 likes each way. Likes of profiles not shown to partners (a profile
 * moderation disabled, an account not usable) are left out, as the grids leave them out.
 */
function likeEntriesJson(member: SQLWrapper, other: SQLWrapper, memberProfileId: number) {
  const entry = sql`'{"id":' || ${other} || case when ${likes.seenAt} is null then ',"like_new":true}' else ',"like_new":false}' end`;
  return sql`coalesce((select string_agg(${entry}, ',' order by ${likes.createdAt} desc, ${other})
    from ${likes} where ${member} = ${memberProfileId} and not ${likes.hidden} and ${notHiddenFromPartners(other)}), '')`;
}

/**
 * GET /api/likes.php: whom the member liked and who liked them, newest first, as the JSON text of
 * TLikesAnswer. Each list is one range of its partial index (likes_from_me_newest_idx,
 * likes_to_me_newest_idx, which carry every column read, so index-only once vacuumed), anti-joined
 * with the few profiles not shown to partners (profiles_not_shown_idx, hashed once), and the
 * database writes the JSON: with 5,000 likes each way, one row of text crosses to Node instead of
 * 10,000 rows to map and serialize.
 */
export async function likesAnswerJson(db: Pick<Database, 'select' | 'execute'>, memberProfileId: number): Promise<string> {
  // Planned once per connection: planning took a millisecond of every poll.
  const [row] = await executePrepared<{ answer: string }>(db, likesAnswerQuery(db, memberProfileId).getSQL());
  return row!.answer;
}

/** The one statement of likesAnswerJson (likes-plans.test.ts checks its plan). */
export function likesAnswerQuery(db: Pick<Database, 'select'>, memberProfileId: number) {
  const given = likeEntriesJson(likes.fromProfileId, likes.toProfileId, memberProfileId);
  const received = likeEntriesJson(likes.toProfileId, likes.fromProfileId, memberProfileId);
  // Named in the SQL too: likesAnswerJson reads the raw row.
  return db
    .select({ answer: sql<string>`'{"profiles":[' || ${given} || '],"liked_by":[' || ${received} || ']}'`.as('answer') })
    .from(sql`(select 1) as one`);
}

/**
 * The "new likes" badge number: the likes the member has not seen, counted as GET
 * /api/likes.php's liked_by counts its like_new entries (the same filter, one range of
 * likes_to_me_newest_idx), without building the lists. The live badge frame of every received
 * message asks it.
 */
export async function newLikesCount(db: Pick<Database, 'execute'>, memberProfileId: number): Promise<number> {
  const [row] = await executePrepared<{ count: number }>(db, sql`select ${newLikesCountColumn(memberProfileId)} as count`);
  return row?.count ?? 0;
}

/**
 * newLikesCount as an expression, for a statement of a feature above that reads it with its own
 * numbers (the chats' badge frame: one statement per received message instead of two).
 */
export function newLikesCountColumn(memberProfileId: number | Placeholder): SQL<number> {
  return sql<number>`(select count(*)::int from ${likes}
    where ${likes.toProfileId} = ${memberProfileId} and not ${likes.hidden} and ${likes.seenAt} is null and ${notHiddenFromPartners(likes.fromProfileId)})`;
}

/** Pages of the likes grids go this far (LIKES_PER_PAGE each). */
export const LIKES_MAX_PAGE = 1000;

export function parseLikesPage(query: { type: string; page?: string }): { type: LikesPageType; page: number } {
  const type = query.type.trim();
  if (!(LIKES_PAGE_TYPES as readonly string[]).includes(type))
    throw new AppError(400, 'invalid_choice', 'errors.invalid_choice', {}, 'type');
  const pageText = query.page?.trim() || '1';
  const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= LIKES_MAX_PAGE))
    throw new AppError(400, 'invalid_page', 'errors.invalid_page', { max: LIKES_MAX_PAGE }, 'page');
  return { type: type as LikesPageType, page };
}

/**
 * The ids of one page of a likes grid, newest first, with the total: liked (whom the member
 * liked), liked-by (who liked them), matches (both ways; newest by the later of the two likes).
 * Only profiles the member may still see count (profiles' shownToPartners).
 */
async function likesPageIds(db: Database, siteId: number, memberProfileId: number, type: LikesPageType, page: number) {
  const offset = (page - 1) * LIKES_PER_PAGE;
  if (type === 'matches') {
    const theirs = alias(likes, 'theirs');
    const reverse = and(
      eq(theirs.fromProfileId, likes.toProfileId),
      eq(theirs.toProfileId, likes.fromProfileId),
      sql`not ${theirs.hidden}`,
    );
    const where = and(eq(likes.fromProfileId, memberProfileId), sql`not ${likes.hidden}`, shownToPartners(likes.toProfileId, siteId));
    const [rows, [count]] = await Promise.all([
      db
        .select({ id: likes.toProfileId })
        .from(likes)
        .innerJoin(theirs, reverse)
        .where(where)
        .orderBy(sql`greatest(${likes.createdAt}, ${theirs.createdAt}) desc`, likes.toProfileId)
        .limit(LIKES_PER_PAGE)
        .offset(offset),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(likes)
        .innerJoin(theirs, reverse)
        .where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: count?.count ?? 0 };
  }
  const mine = type === 'liked';
  const member = mine ? likes.fromProfileId : likes.toProfileId;
  const other = mine ? likes.toProfileId : likes.fromProfileId;
  const where = and(eq(member, memberProfileId), sql`not ${likes.hidden}`, shownToPartners(other, siteId));
  const [rows, [count]] = await Promise.all([
    db.select({ id: other }).from(likes).where(where).orderBy(desc(likes.createdAt), other).limit(LIKES_PER_PAGE).offset(offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(likes)
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: count?.count ?? 0 };
}

/** The state between the member and each of the profiles, and whether their like is new, in one query. */
export async function likeFlagsOf(
  db: Pick<Database, 'select'>,
  memberProfileId: number,
  profileIds: number[],
): Promise<Map<number, { likeState: LikeState; likeNew: boolean }>> {
  const flags = new Map<number, { likeState: LikeState; likeNew: boolean }>();
  if (profileIds.length === 0) return flags;
  const rows = await db
    .select({ fromProfileId: likes.fromProfileId, toProfileId: likes.toProfileId, seenAt: likes.seenAt })
    .from(likes)
    .where(
      and(
        or(
          and(eq(likes.fromProfileId, memberProfileId), inArray(likes.toProfileId, profileIds)),
          and(eq(likes.toProfileId, memberProfileId), inArray(likes.fromProfileId, profileIds)),
        ),
        sql`not ${likes.hidden}`,
      ),
    );
  for (const id of profileIds) {
    const mine = rows.some((row) => row.fromProfileId === memberProfileId && row.toProfileId === id);
    const theirs = rows.find((row) => row.fromProfileId === id && row.toProfileId === memberProfileId);
    flags.set(id, { likeState: likeStateOf(mine, !!theirs), likeNew: !!theirs && theirs.seenAt === null });
  }
  return flags;
}

/** GET /api/likes-page.php: one page of cards of /likes/{type}, with their activity marks (issue 28) when `activity` is given. */
export async function likesPage(
  db: Database,
  site: Site,
  memberProfileId: number,
  type: LikesPageType,
  page: number,
  today: Date,
  activity?: ActivityMarks,
): Promise<TLikesPageAnswer> {
  const { ids, total } = await likesPageIds(db, site.id, memberProfileId, type, page);
  const [rows, flags] = await Promise.all([
    ids.length > 0 ? cardsByIdsQuery(db, ids) : Promise.resolve([]),
    likeFlagsOf(db, memberProfileId, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const profiles = ids.flatMap((id) => {
    const row = byId.get(id);
    const flag = flags.get(id);
    return row && flag ? [{ ...toCard(row, site, today), like_state: flag.likeState, like_new: flag.likeNew }] : [];
  });
  return { profiles: await withActivity(activity, { profileId: memberProfileId }, profiles), total, page, per_page: LIKES_PER_PAGE };
}
