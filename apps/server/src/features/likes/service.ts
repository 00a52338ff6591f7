/**
 * Likes, passes and matches (spec sections 4, 6 and 9; issue 11; decision 027). A like is a row
 * (from, to); a match is a like each way. Free members give at most FREE_DAILY_LIKES a day in
 * their local day (their browser's zone, else the site's), counted from the append-only
 * like_grants, so unliking never gives a Like back. The count and the new like run in one
 * transaction holding the member's account lock: parallel requests, from any number of server
 * processes, take turns and the fifth of a day is always refused. A burst limit (LIKE_BURST_PER_MINUTE,
 * premium members too) stops scripted liking; its counters are shared through Redis or PostgreSQL.
 */
import { and, desc, eq, fillPlaceholders, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open';
import { executeBuilt, executePrepared } from '../../db/prepared';
import { likeGrants, likes, passes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Tx } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Site } from '../sites/service';
import { lockMemberAccount, memberTimeZoneOf } from '../accounts/member-lock';
import { authenticationRequired } from '../../plugins/session';
import { contactFacts, targetProfile, type Viewer } from '../profiles/contact';
import { likeTargetSelect, notHiddenFromPartners, shownToPartners } from '../profiles/for-likes';
import { blockStateSql } from '../blocks/block-state-sql';
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

/** What the like statement found and did (likeStatement). */
interface LikeFacts {
  /** The target is a profile of the member's site (else every other fact is null). */
  found: boolean;
  /** Active, with a usable account. */
  usable: boolean | null;
  invisible: boolean | null;
  blocked_by_me: boolean | null;
  blocked_by_them: boolean | null;
  /** A like either way, hidden ones too: likes' existing-contact fact (likedEitherWay). */
  liked_either_way: boolean | null;
  /** The member's (not hidden) like of the target existed before. */
  mine: boolean | null;
  /** Likes given in the local day, before this one; null when not counted (premium). */
  given: number | null;
  /** 1 when this statement inserted the like (and its grant). */
  added: number;
  /** Null when the target has not liked the member (or that like is hidden), else whether their like is unopened. */
  theirs_new: boolean | null;
}

export interface LikeStatementInput {
  liker: Liker;
  toProfileId: number;
  now: Date;
  /** The member's local day when the daily limit applies (the like is inserted only below it); null for premium. */
  day: { start: Date; end: Date } | null;
  /** An existing contact beyond likes was found (contact.ts's sources): an invisible target may be liked. */
  contactKnown: boolean;
}

/**
 * The whole like in one statement: checks the target (profiles' likeTargetSelect: on the site,
 * active, usable account, invisible or not), the blocks both ways (blocks' blockStateSql), likes'
 * own existing-contact fact, and, for a free member, the day's grants; inserts the like and its
 * grant only when all allow; and answers the facts and the other direction's flags, which the
 * caller maps to the answer or the same errors as ever (likeRefusal). Blocks and profiles export
 * the SQL over their tables (decision 021); the statement reads one snapshot.
 */
async function likeStatement(db: Pick<Database, 'execute'>, input: LikeStatementInput): Promise<LikeFacts> {
  const variant = { counted: input.day !== null, contactKnown: input.contactKnown };
  const key = `${variant.counted}|${variant.contactKnown}`;
  // Four texts (premium or counted, contact known or not), each built once in Node and planned
  // once per connection by PostgreSQL; each call only fills in its values.
  let built = builtLikeStatements.get(key);
  if (!built) {
    built = likeDialect.sqlToQuery(likeStatementSql(LIKE_PLACEHOLDERS, variant));
    builtLikeStatements.set(key, built);
  }
  const values: Record<keyof typeof LIKE_PLACEHOLDERS, number | string> = {
    userId: input.liker.userId,
    fromProfileId: input.liker.profileId,
    siteId: input.liker.siteId,
    toProfileId: input.toProfileId,
    now: input.now.toISOString(),
    dayStart: (input.day?.start ?? input.now).toISOString(),
    dayEnd: (input.day?.end ?? input.now).toISOString(),
  };
  const [facts] = await executeBuilt<LikeFacts>(db, { sql: built.sql, params: fillPlaceholders(built.params, values) });
  return facts!;
}

const likeDialect = new PgDialect();
const builtLikeStatements = new Map<string, { sql: string; params: unknown[] }>();
const LIKE_PLACEHOLDERS = {
  userId: sql.placeholder('userId'),
  fromProfileId: sql.placeholder('fromProfileId'),
  siteId: sql.placeholder('siteId'),
  toProfileId: sql.placeholder('toProfileId'),
  now: sql.placeholder('now'),
  dayStart: sql.placeholder('dayStart'),
  dayEnd: sql.placeholder('dayEnd'),
};
type LikeStatementValues = Record<keyof typeof LIKE_PLACEHOLDERS, SQLWrapper>;

/** The SQL of likeStatement with its values inlined as parameters (likes-plans.test.ts checks its plan). */
export function likeStatementQuery(input: LikeStatementInput): SQL {
  const value = (v: number | string) => sql`${v}`;
  return likeStatementSql(
    {
      userId: value(input.liker.userId),
      fromProfileId: value(input.liker.profileId),
      siteId: value(input.liker.siteId),
      toProfileId: value(input.toProfileId),
      now: value(input.now.toISOString()),
      dayStart: value((input.day?.start ?? input.now).toISOString()),
      dayEnd: value((input.day?.end ?? input.now).toISOString()),
    },
    { counted: input.day !== null, contactKnown: input.contactKnown },
  );
}

/** The statement over its values (parameters or placeholders); its text depends only on the variant. */
function likeStatementSql(v: LikeStatementValues, variant: { counted: boolean; contactKnown: boolean }): SQL {
  const at = sql`${v.now}::timestamptz`;
  const from = sql`${v.fromProfileId}::int`;
  const to = sql`${v.toProfileId}::int`;
  const blocked = blockStateSql({ userId: sql`${v.userId}::int`, profileId: from }, to);
  const given = variant.counted
    ? sql`(select count(*) from ${likeGrants} where ${likeGrants.fromProfileId} = ${from}
        and ${likeGrants.givenAt} >= ${v.dayStart}::timestamptz and ${likeGrants.givenAt} < ${v.dayEnd}::timestamptz)::int`
    : sql`null::int`;
  const belowLimit = variant.counted ? sql`facts.given < ${sql.raw(String(FREE_DAILY_LIKES))}` : sql`true`;
  const likeOf = (a: SQL, b: SQL) => sql`select 1 from ${likes} where ${likes.fromProfileId} = ${a} and ${likes.toProfileId} = ${b}`;
  return sql`
    with target as (${likeTargetSelect(sql`${v.siteId}::int`, to)}),
    facts as (
      select target.usable, target.invisible,
        ${blocked.blockedByViewer} as blocked_by_me,
        ${blocked.blockedByTarget} as blocked_by_them,
        exists (${likeOf(from, to)}) or exists (${likeOf(to, from)}) as liked_either_way,
        exists (${likeOf(from, to)} and not ${likes.hidden}) as mine,
        ${given} as given
      from target),
    added as (
      insert into ${likes} (from_profile_id, to_profile_id, created_at)
      select ${from}, ${to}, ${at} from facts
      where facts.usable and not facts.blocked_by_me and not facts.blocked_by_them
        and (not facts.invisible or facts.liked_either_way or ${sql.raw(variant.contactKnown ? 'true' : 'false')})
        and not facts.mine and ${belowLimit}
      on conflict do nothing returning from_profile_id),
    granted as (insert into ${likeGrants} (from_profile_id, given_at) select from_profile_id, ${at} from added)
    select facts.usable is not null as found, facts.*, (select count(*) from added)::int as added,
      (select ${likes.seenAt} is null from ${likes} where ${likes.fromProfileId} = ${to} and ${likes.toProfileId} = ${from} and not ${likes.hidden}) as theirs_new
    from (select 1) as one left join facts on true`;
}

/** likeRefusal's answer when only an existing contact beyond likes (e.g. a chat) could allow the like. */
const CHECK_OTHER_CONTACTS = 'check-other-contacts';

/**
 * May the member like the profile, by the statement's facts? It must be on their site and usable
 * (else 404, as its page would answer), not blocked either way (403), and an invisible one only
 * when it is already a partner, e.g. it liked the member first (404: the member cannot know it
 * exists). An invisible one without a like either way may still be a partner through another
 * existing-contact source (contact.ts): CHECK_OTHER_CONTACTS.
 */
function likeRefusal(facts: LikeFacts, contactKnown: boolean): AppError | typeof CHECK_OTHER_CONTACTS | null {
  if (!facts.found) return profileNotFound();
  if (facts.blocked_by_them) return new AppError(403, 'no_access', 'errors.no_access');
  if (facts.blocked_by_me) return new AppError(403, 'like_blocked', 'errors.like_blocked', {}, 'profile_id');
  if (!facts.usable) return profileNotFound();
  if (facts.invisible && !facts.liked_either_way && !contactKnown) return CHECK_OTHER_CONTACTS;
  return null;
}

/**
 * The slow check, for an invisible target without a like either way: is the member a partner
 * through any existing-contact source (contact.ts; chats will add theirs)? True also when the
 * profile is no longer invisible, so the statement runs again and decides.
 */
async function partnerThroughOtherContacts(db: Database, liker: Liker, profileId: number): Promise<boolean> {
  const target = await targetProfile(db, liker.siteId, profileId);
  if (!target) return false;
  if (!target.isInvisible) return true;
  const viewer: Viewer = { userId: liker.userId, profileId: liker.profileId };
  return (await contactFacts(db, viewer, target)).existingContact;
}

/**
 * Runs `attempt` (which answers null when likeRefusal says CHECK_OTHER_CONTACTS); in that rare
 * case asks the other existing-contact sources, and runs it again knowing the answer.
 */
async function withContactFallback<T>(deps: LikeDeps, liker: Liker, profileId: number, attempt: (contactKnown: boolean) => Promise<T | null>): Promise<T> {
  const first = await attempt(false);
  if (first !== null) return first;
  if (!(await partnerThroughOtherContacts(deps.db, liker, profileId))) throw profileNotFound();
  const second = await attempt(true);
  if (second === null) throw profileNotFound();
  return second;
}

/**
 * POST /api/like.php. `source` 'swipe' picks the swipe game's text when the day's Likes are
 * used up. Answers the new state, the Likes left and, when this like completed a match, the
 * liked profile's card. After the burst counter, a premium like is one statement (likeStatement);
 * a free one is a transaction of two: the member's lock, then the statement with the day's count.
 */
export async function likeProfile(deps: LikeDeps, site: Site, liker: Liker, profileId: number, source?: string): Promise<TLikeAnswer> {
  if (profileId === liker.profileId) throw cannotLikeSelf();
  // Count first (decision 022): every attempt counts, so parallel scripted calls cannot slip past.
  const burst = await deps.limiter.hit(`like:${liker.userId}`, LIKE_BURST_PER_MINUTE, MINUTE_MS);
  if (!burst.allowed) throw new AppError(429, 'too_many_likes', 'errors.too_many_likes');

  if (liker.paidUser) {
    // Premium is for life: no count, so no lock and no transaction.
    const now = deps.clock();
    const facts = await withContactFallback(deps, liker, profileId, async (contactKnown) => {
      const row = await likeStatement(deps.db, { liker, toProfileId: profileId, now, day: null, contactKnown });
      const refusal = likeRefusal(row, contactKnown);
      if (refusal === CHECK_OTHER_CONTACTS) return null;
      if (refusal) throw refusal;
      return row;
    });
    const likedMe = facts.theirs_new !== null;
    return {
      profile_id: profileId,
      like_state: likeStateOf(true, likedMe),
      likes_left: null,
      likes_reset_at: localDayOf(now, dayZoneOf(liker.timeZone ?? null, site)).end.toISOString(),
      match: facts.added === 1 && likedMe ? await matchCard(deps.db, site, profileId, facts.theirs_new === true, now) : null,
    };
  }

  const outcome = await withContactFallback(deps, liker, profileId, (contactKnown) =>
    deps.db.transaction(async (tx) => {
      // Parallel likes of one member wait here for each other, in every server process. The lock
      // is a statement of its own: under READ COMMITTED a statement that waited for it keeps the
      // snapshot it began with, so the count must come in the next one (decision 021).
      const standing = await lockMemberAccount(tx, liker.userId);
      if (!standing || standing.profileId !== liker.profileId) throw authenticationRequired();
      const now = deps.clock();
      const day = localDayOf(now, dayZoneOf(standing.timeZone, site));
      const facts = await likeStatement(tx, { liker, toProfileId: profileId, now, day: standing.paidUser ? null : day, contactKnown });
      const refusal = likeRefusal(facts, contactKnown);
      if (refusal === CHECK_OTHER_CONTACTS) return null;
      if (refusal) throw refusal;
      const given = facts.given ?? 0;
      if (!facts.mine && likesLeftToday(given, standing.paidUser) === 0) {
        const text = source === 'swipe' ? 'errors.swipe_limit_reached' : 'errors.like_limit_reached';
        throw new AppError(429, 'like_limit_reached', text, { count: FREE_DAILY_LIKES });
      }
      const likedMe = facts.theirs_new !== null;
      return {
        likesLeft: likesLeftToday(given + facts.added, standing.paidUser),
        resetAt: day.end,
        likedMe,
        theirsNew: facts.theirs_new === true,
        completedMatch: facts.added === 1 && likedMe,
      };
    }),
  );

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
  return db.select({ answer: sql<string>`'{"profiles":[' || ${given} || '],"liked_by":[' || ${received} || ']}'`.as('answer') }).from(sql`(select 1) as one`);
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
