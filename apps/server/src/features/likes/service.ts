/**
 * Likes, passes and matches (spec sections 4, 6 and 9; issue 11; decision 027). A like is a row
 * (from, to); a match is a like each way. Free members give at most FREE_DAILY_LIKES a day in
 * their local day (their browser's zone, else the site's), counted from the append-only
 * like_grants, so unliking never gives a Like back. The count and the new like run in one
 * transaction holding the member's account lock: parallel requests, from any number of server
 * processes, take turns and the fifth of a day is always refused. A burst limit (LIKE_BURST_PER_MINUTE,
 * premium members too) stops scripted liking; its counters are shared through Redis or PostgreSQL.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  FREE_DAILY_LIKES,
  LIKES_PAGE_TYPES,
  LIKES_PER_PAGE,
  isKnownTimeZone,
  likeStateOf,
  likesLeftToday,
  localDayOf,
  type LikeState,
  type LikesPageType,
  type TLikeAnswer,
  type TLikedProfileCard,
  type TLikesPageAnswer,
} from '@cupido/shared/likes';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open';
import { likeGrants, likes, passes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Tx } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Site } from '../sites/service';
import { lockMemberAccount, memberTimeZoneOf } from '../accounts/member-lock';
import { authenticationRequired } from '../../plugins/session';
import { contactFacts, targetProfile, type Viewer } from '../profiles/contact';
import { notHiddenFromPartners, shownToPartners } from '../profiles/for-likes';
import { cardsByIdsQuery, toCard } from '../profiles/search-read-model';

/** Likes a minute any member may give (premium too): more is a script, not a person. */
export const LIKE_BURST_PER_MINUTE = 30;
const MINUTE_MS = 60_000;
/** The zone of last resort, when neither the member's nor the site's is one this runtime knows. */
const FALLBACK_TIME_ZONE = 'UTC';

export interface LikeDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
}

/** The member liking, as the session knows them. */
export interface Liker {
  userId: number;
  profileId: number;
  siteId: number;
  /**
   * Premium as the session read it. Premium is for life, so a premium session likes without the
   * daily count (likeWithoutLimit); a free one is read again under the lock, where a purchase made
   * a moment ago counts.
   */
  paidUser?: boolean;
  /** The account's time zone as the session read it (for likes_reset_at on that path). */
  timeZone?: string | null;
}

type SiteZone = Pick<Site, 'timeZone'>;

/** The zone the member's day counts in: their browser's when known, else the site's. */
export function dayZoneOf(memberZone: string | null, site: SiteZone): string {
  if (memberZone && isKnownTimeZone(memberZone)) return memberZone;
  return isKnownTimeZone(site.timeZone) ? site.timeZone : FALLBACK_TIME_ZONE;
}

const profileNotFound = () => new AppError(404, 'profile_not_found', 'errors.profile_not_found');
const cannotLikeSelf = () => new AppError(400, 'cannot_like_self', 'errors.cannot_like_self', {}, 'profile_id');

/** Likes the profile gave in the local day `day`: one range of like_grants_from_given_idx. */
async function likesGivenIn(db: Pick<Database, 'select'>, profileId: number, day: { start: Date; end: Date }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(likeGrants)
    .where(and(eq(likeGrants.fromProfileId, profileId), gte(likeGrants.givenAt, day.start), lt(likeGrants.givenAt, day.end)));
  return row?.count ?? 0;
}

export interface LikeAllowance {
  /** Likes left today; null for premium members (unlimited). */
  likesLeft: number | null;
  /** The member's next local midnight. */
  resetAt: Date;
}

/** How many Likes the member has left today and when new ones come (swipe stack, like answers). */
export async function likeAllowanceOf(
  db: Database,
  member: { userId: number; profileId: number; paidUser: boolean },
  site: SiteZone,
  now: Date,
): Promise<LikeAllowance> {
  const day = localDayOf(now, dayZoneOf(await memberTimeZoneOf(db, member.userId), site));
  const given = member.paidUser ? 0 : await likesGivenIn(db, member.profileId, day);
  return { likesLeft: likesLeftToday(given, member.paidUser), resetAt: day.end };
}

/** Whether the two liked each other in each direction (hidden likes of a pending deletion do not count). */
async function flagsBetween(db: Pick<Database, 'select'>, memberProfileId: number, otherProfileId: number) {
  const rows = await db
    .select({ fromProfileId: likes.fromProfileId, seenAt: likes.seenAt })
    .from(likes)
    .where(
      and(
        or(
          and(eq(likes.fromProfileId, memberProfileId), eq(likes.toProfileId, otherProfileId)),
          and(eq(likes.fromProfileId, otherProfileId), eq(likes.toProfileId, memberProfileId)),
        ),
        eq(likes.hidden, false),
      ),
    );
  const theirs = rows.find((row) => row.fromProfileId === otherProfileId);
  return { likedByMe: rows.some((row) => row.fromProfileId === memberProfileId), likedMe: !!theirs, theirsNew: !!theirs && theirs.seenAt === null };
}

/**
 * May the member like the profile? It must be on their site and usable (else 404, as its page
 * would answer), not blocked either way (403), and an invisible one only when it is already a
 * partner, e.g. it liked the member first (404: the member cannot know it exists).
 */
async function requireLikeable(db: Database, liker: Liker, profileId: number): Promise<void> {
  const target = await targetProfile(db, liker.siteId, profileId);
  if (!target) throw profileNotFound();
  const viewer: Viewer = { userId: liker.userId, profileId: liker.profileId };
  const facts = await contactFacts(db, viewer, target);
  if (facts.blockedByTarget) throw new AppError(403, 'no_access', 'errors.no_access');
  if (facts.blockedByViewer) throw new AppError(403, 'like_blocked', 'errors.like_blocked', {}, 'profile_id');
  if (!facts.targetUsable || (facts.targetInvisible && !facts.existingContact)) throw profileNotFound();
}

/** The card of the liked profile for the match modal. */
async function matchCard(db: Database, site: Site, profileId: number, likeNew: boolean, today: Date): Promise<TLikedProfileCard | null> {
  const [row] = await cardsByIdsQuery(db, [profileId]);
  return row ? { ...toCard(row, site, today), like_state: 'match', like_new: likeNew } : null;
}

/**
 * Inserts the like and its grant when it is new. Liking an already liked profile changes nothing
 * and costs no Like. Runs under the member's lock (the caller's transaction).
 */
async function insertLike(tx: Tx, fromProfileId: number, toProfileId: number, now: Date, grant: boolean): Promise<boolean> {
  const added = await tx
    .insert(likes)
    .values({ fromProfileId, toProfileId, createdAt: now })
    .onConflictDoNothing()
    .returning({ toProfileId: likes.toProfileId });
  if (added.length === 0) return false;
  if (grant) await tx.insert(likeGrants).values({ fromProfileId, givenAt: now });
  return true;
}

/**
 * A like without the daily limit, in one statement (no transaction round trips, no lock): the
 * like when new, its grant, and the state of the other direction. Premium members' likes go
 * this way; the grant is still written, as the log of Likes given.
 */
async function likeWithoutLimit(db: Database, fromProfileId: number, toProfileId: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with added as (
      insert into ${likes} (from_profile_id, to_profile_id, created_at) values (${fromProfileId}, ${toProfileId}, ${at})
      on conflict do nothing returning from_profile_id),
    granted as (insert into ${likeGrants} (from_profile_id, given_at) select from_profile_id, ${at} from added)
    select (select count(*) from added)::int as added,
      (select seen_at is null from ${likes} where from_profile_id = ${toProfileId} and to_profile_id = ${fromProfileId} and not hidden) as theirs_new`)) as unknown as {
    // theirs_new: null when the other has not liked the member, else whether that like is unopened.
    rows: { added: number; theirs_new: boolean | null }[];
  };
  const row = result.rows[0]!;
  return { added: row.added === 1, likedMe: row.theirs_new !== null, theirsNew: row.theirs_new === true };
}

/**
 * POST /api/like.php. `source` 'swipe' picks the swipe game's text when the day's Likes are
 * used up. Answers the new state, the Likes left and, when this like completed a match, the
 * liked profile's card.
 */
export async function likeProfile(deps: LikeDeps, site: Site, liker: Liker, profileId: number, source?: string): Promise<TLikeAnswer> {
  if (profileId === liker.profileId) throw cannotLikeSelf();
  // Count first (decision 022): every attempt counts, so parallel scripted calls cannot slip past.
  const burst = await deps.limiter.hit(`like:${liker.userId}`, LIKE_BURST_PER_MINUTE, MINUTE_MS);
  if (!burst.allowed) throw new AppError(429, 'too_many_likes', 'errors.too_many_likes');
  await requireLikeable(deps.db, liker, profileId);

  if (liker.paidUser) {
    const now = deps.clock();
    const result = await likeWithoutLimit(deps.db, liker.profileId, profileId, now);
    return {
      profile_id: profileId,
      like_state: likeStateOf(true, result.likedMe),
      likes_left: null,
      likes_reset_at: localDayOf(now, dayZoneOf(liker.timeZone ?? null, site)).end.toISOString(),
      match: result.added && result.likedMe ? await matchCard(deps.db, site, profileId, result.theirsNew, now) : null,
    };
  }

  const outcome = await deps.db.transaction(async (tx) => {
    // Parallel likes of one member wait here for each other, in every server process.
    const standing = await lockMemberAccount(tx, liker.userId);
    if (!standing || standing.profileId !== liker.profileId) throw authenticationRequired();
    const now = deps.clock();
    const day = localDayOf(now, dayZoneOf(standing.timeZone, site));
    const given = standing.paidUser ? 0 : await likesGivenIn(tx, liker.profileId, day);
    const before = await flagsBetween(tx, liker.profileId, profileId);
    let givenNow = 0;
    if (!before.likedByMe) {
      if (likesLeftToday(given, standing.paidUser) === 0) {
        const text = source === 'swipe' ? 'errors.swipe_limit_reached' : 'errors.like_limit_reached';
        throw new AppError(429, 'like_limit_reached', text, { count: FREE_DAILY_LIKES });
      }
      if (await insertLike(tx, liker.profileId, profileId, now, true)) givenNow = 1;
    }
    return {
      paidUser: standing.paidUser,
      likesLeft: likesLeftToday(given + givenNow, standing.paidUser),
      resetAt: day.end,
      likedMe: before.likedMe,
      theirsNew: before.theirsNew,
      completedMatch: givenNow === 1 && before.likedMe,
    };
  });

  const today = deps.clock();
  return {
    profile_id: profileId,
    like_state: likeStateOf(true, outcome.likedMe),
    likes_left: outcome.likesLeft,
    likes_reset_at: outcome.resetAt.toISOString(),
    match: outcome.completedMatch ? await matchCard(deps.db, site, profileId, outcome.theirsNew, today) : null,
  };
}

/** DELETE /api/like.php: takes the like back. The Like it cost stays given (no refund). */
export async function unlikeProfile(deps: LikeDeps, site: Site, liker: Liker & { paidUser: boolean }, profileId: number): Promise<TLikeAnswer> {
  if (profileId === liker.profileId) throw cannotLikeSelf();
  if (!(await targetProfile(deps.db, liker.siteId, profileId))) throw profileNotFound();
  await deps.db.delete(likes).where(and(eq(likes.fromProfileId, liker.profileId), eq(likes.toProfileId, profileId)));
  const now = deps.clock();
  const [flags, allowance] = await Promise.all([flagsBetween(deps.db, liker.profileId, profileId), likeAllowanceOf(deps.db, liker, site, now)]);
  return {
    profile_id: profileId,
    like_state: likeStateOf(false, flags.likedMe),
    likes_left: allowance.likesLeft,
    likes_reset_at: allowance.resetAt.toISOString(),
    match: null,
  };
}

/**
 * The entries of one list of GET /api/likes.php as JSON text (without the brackets), newest first.
 * Only integers and booleans go in, so plain text concatenation is safe, and it costs PostgreSQL
 * a third of what json_build_object per row does. Likes of profiles not shown to partners (a
 * profile moderation disabled, an account not usable) are left out, as the grids leave them out.
 */
function likeEntriesJson(member: SQLWrapper, other: SQLWrapper, memberProfileId: number) {
  return sql`coalesce((select string_agg('{"id":' || ${other} || ',"like_new":' || (${likes.seenAt} is null) || '}', ',' order by ${likes.createdAt} desc, ${other})
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
export async function likesAnswerJson(db: Pick<Database, 'select'>, memberProfileId: number): Promise<string> {
  const [row] = await likesAnswerQuery(db, memberProfileId);
  return row!.answer;
}

/** The one statement of likesAnswerJson (likes-plans.test.ts checks its plan). */
export function likesAnswerQuery(db: Pick<Database, 'select'>, memberProfileId: number) {
  const given = likeEntriesJson(likes.fromProfileId, likes.toProfileId, memberProfileId);
  const received = likeEntriesJson(likes.toProfileId, likes.fromProfileId, memberProfileId);
  return db.select({ answer: sql<string>`'{"profiles":[' || ${given} || '],"liked_by":[' || ${received} || ']}'` }).from(sql`(select 1) as one`);
}

/** POST /api/likes-seen.php: the member opened the profile that liked them; its like is no longer new. */
export async function markLikeSeen(deps: Pick<LikeDeps, 'db' | 'clock'>, memberProfileId: number, fromProfileId: number): Promise<void> {
  await deps.db
    .update(likes)
    .set({ seenAt: deps.clock() })
    .where(and(eq(likes.fromProfileId, fromProfileId), eq(likes.toProfileId, memberProfileId), sql`${likes.seenAt} is null`));
}

/** Pages of the likes grids go this far (LIKES_PER_PAGE each). */
export const LIKES_MAX_PAGE = 1000;

export function parseLikesPage(query: { type: string; page?: string }): { type: LikesPageType; page: number } {
  const type = query.type.trim();
  if (!(LIKES_PAGE_TYPES as readonly string[]).includes(type)) throw new AppError(400, 'invalid_choice', 'errors.invalid_choice', {}, 'type');
  const pageText = query.page?.trim() || '1';
  const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= LIKES_MAX_PAGE)) throw new AppError(400, 'invalid_page', 'errors.invalid_page', { max: LIKES_MAX_PAGE }, 'page');
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
    const reverse = and(eq(theirs.fromProfileId, likes.toProfileId), eq(theirs.toProfileId, likes.fromProfileId), sql`not ${theirs.hidden}`);
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
      db.select({ count: sql<number>`count(*)::int` }).from(likes).innerJoin(theirs, reverse).where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: count?.count ?? 0 };
  }
  const mine = type === 'liked';
  const member = mine ? likes.fromProfileId : likes.toProfileId;
  const other = mine ? likes.toProfileId : likes.fromProfileId;
  const where = and(eq(member, memberProfileId), sql`not ${likes.hidden}`, shownToPartners(other, siteId));
  const [rows, [count]] = await Promise.all([
    db.select({ id: other }).from(likes).where(where).orderBy(desc(likes.createdAt), other).limit(LIKES_PER_PAGE).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(likes).where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: count?.count ?? 0 };
}

/** The state between the member and each of the profiles, and whether their like is new, in one query. */
export async function likeFlagsOf(db: Pick<Database, 'select'>, memberProfileId: number, profileIds: number[]): Promise<Map<number, { likeState: LikeState; likeNew: boolean }>> {
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

/** GET /api/likes-page.php: one page of cards of /likes/{type}. */
export async function likesPage(db: Database, site: Site, memberProfileId: number, type: LikesPageType, page: number, today: Date): Promise<TLikesPageAnswer> {
  const { ids, total } = await likesPageIds(db, site.id, memberProfileId, type, page);
  const [rows, flags] = await Promise.all([ids.length > 0 ? cardsByIdsQuery(db, ids) : Promise.resolve([]), likeFlagsOf(db, memberProfileId, ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const profiles = ids.flatMap((id) => {
    const row = byId.get(id);
    const flag = flags.get(id);
    return row && flag ? [{ ...toCard(row, site, today), like_state: flag.likeState, like_new: flag.likeNew }] : [];
  });
  return { profiles, total, page, per_page: LIKES_PER_PAGE };
}

/** POST /api/pass.php: a left swipe; the profile does not come back in the member's swipe stack. */
export async function passProfile(deps: Pick<LikeDeps, 'db' | 'clock'>, liker: Liker, profileId: number): Promise<void> {
  if (profileId === liker.profileId) throw cannotLikeSelf();
  if (!(await targetProfile(deps.db, liker.siteId, profileId))) throw profileNotFound();
  await deps.db.insert(passes).values({ fromProfileId: liker.profileId, toProfileId: profileId, createdAt: deps.clock() }).onConflictDoNothing();
}

/**
 * A like from a fictional profile to a member (auto-like, features/matching): no daily limit and
 * no grant (fictional profiles give no member's Likes). Idempotent. Answers the state the member
 * now sees: liked_you, or match when they had liked that profile.
 */
export async function likeFromFictionalProfile(tx: Tx, fictionalProfileId: number, memberProfileId: number, now: Date): Promise<LikeState> {
  await insertLike(tx, fictionalProfileId, memberProfileId, now, false);
  const flags = await flagsBetween(tx, memberProfileId, fictionalProfileId);
  return likeStateOf(flags.likedByMe, true);
}

/**
 * Whether a like exists between the two, either way: they are partners, so an invisible member
 * stays visible and reachable for the other (profiles/contact.ts, registered in app.ts).
 */
export async function likedEitherWay(db: Database, viewer: Viewer, targetProfileId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(
      or(
        and(eq(likes.fromProfileId, viewer.profileId), eq(likes.toProfileId, targetProfileId)),
        and(eq(likes.fromProfileId, targetProfileId), eq(likes.toProfileId, viewer.profileId)),
      ),
    )
    .limit(1);
  return !!row;
}
