/**
 * Likes, passes and matches (spec sections 4, 6 and 9; issue 11; decision 027). A like is a row
 * (from, to); a match is a like each way. Free members give at most FREE_DAILY_LIKES a day in
 * their local day (their browser's zone, else the site's), counted from the append-only
 * like_grants, so unliking never gives a Like back. The count and the new like run in one
 * transaction holding the member's account lock: parallel requests, from any number of server
 * processes, take turns and the fifth of a day is always refused. A burst limit (LIKE_BURST_PER_MINUTE,
 * premium members too) stops scripted liking; its counters are shared through Redis or PostgreSQL.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { FREE_DAILY_LIKES, isKnownTimeZone, likeStateOf, likesLeftToday, localDayOf, type LikeState } from '@cupido/shared/rules/likes';
import { type TLikeAnswer, type TLikedProfileCard } from '@cupido/shared/contracts/likes';
import type { Database } from '../../db/open';
import { executePrepared } from '../../db/prepared';
import { likes, passes } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Tx } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Site } from '../sites/service';
import { likeStatement, likesCountedSql, type LikeFacts, type Liker } from './like-statement';
import { lockMemberAccount, memberTimeZoneOf } from '../accounts/member-lock';
import { authenticationRequired } from '../../plugins/session';
import { contactFacts, targetProfile, type ExistingContactSources, type Viewer } from '../profiles/contact';
import type { ActivityMarks } from '../profiles/activity-port';
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
  /** The grids' "online now" / "active today" marks (issue 28), handed in from the app's context (build-context.ts). */
  activity?: ActivityMarks;
  /** The app's existing-contact sources (profiles/contact.ts): a partner through chats may like an invisible member. */
  contactSources: ExistingContactSources;
}

/** The member liking, as the session knows them. */
export type { Liker } from './like-statement';

type SiteZone = Pick<Site, 'timeZone'>;

/** The zone the member's day counts in: their browser's when known, else the site's. */
export function dayZoneOf(memberZone: string | null, site: SiteZone): string {
  if (memberZone && isKnownTimeZone(memberZone)) return memberZone;
  return isKnownTimeZone(site.timeZone) ? site.timeZone : FALLBACK_TIME_ZONE;
}

const profileNotFound = () => new AppError(404, 'profile_not_found', 'errors.profile_not_found');
const cannotLikeSelf = () => new AppError(400, 'cannot_like_self', 'errors.cannot_like_self', {}, 'profile_id');

/** Likes of the profile that count against its limit at `now`, in the local day `day` (likesCountedSql). */
async function likesCountedAt(db: Pick<Database, 'execute'>, profileId: number, day: { start: Date }, now: Date): Promise<number> {
  const count = likesCountedSql(
    sql`${profileId}::int`,
    sql`${day.start.toISOString()}::timestamptz`,
    sql`${now.toISOString()}::timestamptz`,
  );
  const rows = await executePrepared<{ count: number }>(db, sql`select ${count} as count`);
  return rows[0]?.count ?? 0;
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
  const given = member.paidUser ? 0 : await likesCountedAt(db, member.profileId, day, now);
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
  return {
    likedByMe: rows.some((row) => row.fromProfileId === memberProfileId),
    likedMe: !!theirs,
    theirsNew: !!theirs && theirs.seenAt === null,
  };
}

/** The card of the liked profile for the match modal. */
async function matchCard(db: Database, site: Site, profileId: number, likeNew: boolean, today: Date): Promise<TLikedProfileCard | null> {
  const [row] = await cardsByIdsQuery(db, [profileId]);
  return row ? { ...toCard(row, site, today), like_state: 'match', like_new: likeNew } : null;
}

/** Inserts the like when it is new, without a grant (a member's Likes are granted by likeStatement). */
async function insertLikeWithoutGrant(tx: Tx, fromProfileId: number, toProfileId: number, now: Date): Promise<void> {
  await tx.insert(likes).values({ fromProfileId, toProfileId, createdAt: now }).onConflictDoNothing();
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
 * through any of the app's existing-contact sources (contact.ts; chats adds a conversation)? True
 * also when the profile is no longer invisible, so the statement runs again and decides.
 */
async function partnerThroughOtherContacts(
  { db, contactSources }: Pick<LikeDeps, 'db' | 'contactSources'>,
  liker: Liker,
  profileId: number,
): Promise<boolean> {
  const target = await targetProfile(db, liker.siteId, profileId);
  if (!target) return false;
  if (!target.isInvisible) return true;
  const viewer: Viewer = { userId: liker.userId, profileId: liker.profileId };
  return (await contactFacts(db, contactSources, viewer, target)).existingContact;
}

/**
 * Runs `attempt` (which answers null when likeRefusal says CHECK_OTHER_CONTACTS); in that rare
 * case asks the other existing-contact sources, and runs it again knowing the answer.
 */
async function withContactFallback<T>(
  deps: LikeDeps,
  liker: Liker,
  profileId: number,
  attempt: (contactKnown: boolean) => Promise<T | null>,
): Promise<T> {
  const first = await attempt(false);
  if (first !== null) return first;
  if (!(await partnerThroughOtherContacts(deps, liker, profileId))) throw profileNotFound();
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
export async function unlikeProfile(
  deps: LikeDeps,
  site: Site,
  liker: Liker & { paidUser: boolean },
  profileId: number,
): Promise<TLikeAnswer> {
  if (profileId === liker.profileId) throw cannotLikeSelf();
  if (!(await targetProfile(deps.db, liker.siteId, profileId))) throw profileNotFound();
  await deps.db.delete(likes).where(and(eq(likes.fromProfileId, liker.profileId), eq(likes.toProfileId, profileId)));
  const now = deps.clock();
  const [flags, allowance] = await Promise.all([
    flagsBetween(deps.db, liker.profileId, profileId),
    likeAllowanceOf(deps.db, liker, site, now),
  ]);
  return {
    profile_id: profileId,
    like_state: likeStateOf(false, flags.likedMe),
    likes_left: allowance.likesLeft,
    likes_reset_at: allowance.resetAt.toISOString(),
    match: null,
  };
}

/** POST /api/likes-seen.php: the member opened the profile that liked them; its like is no longer new. */
export async function markLikeSeen(deps: Pick<LikeDeps, 'db' | 'clock'>, memberProfileId: number, fromProfileId: number): Promise<void> {
  await deps.db
    .update(likes)
    .set({ seenAt: deps.clock() })
    .where(and(eq(likes.fromProfileId, fromProfileId), eq(likes.toProfileId, memberProfileId), sql`${likes.seenAt} is null`));
}

/** POST /api/pass.php: a left swipe; the profile does not come back in the member's swipe stack. */
export async function passProfile(deps: Pick<LikeDeps, 'db' | 'clock'>, liker: Liker, profileId: number): Promise<void> {
  if (profileId === liker.profileId) throw cannotLikeSelf();
  if (!(await targetProfile(deps.db, liker.siteId, profileId))) throw profileNotFound();
  await deps.db
    .insert(passes)
    .values({ fromProfileId: liker.profileId, toProfileId: profileId, createdAt: deps.clock() })
    .onConflictDoNothing();
}

/**
 * A like from a fictional profile to a member (auto-like, features/matching): no daily limit and
 * no grant (fictional profiles give no member's Likes). Idempotent. Answers the state the member
 * now sees: liked_you, or match when they had liked that profile.
 */
export async function likeFromFictionalProfile(tx: Tx, fictionalProfileId: number, memberProfileId: number, now: Date): Promise<LikeState> {
  await insertLikeWithoutGrant(tx, fictionalProfileId, memberProfileId, now);
  const flags = await flagsBetween(tx, memberProfileId, fictionalProfileId);
  return likeStateOf(flags.likedByMe, true);
}

/**
 * Whether a like exists between the two, either way: they are partners, so an invisible member
 * stays visible and reachable for the other (profiles/contact.ts, added to the app's sources by likes' module.ts).
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
