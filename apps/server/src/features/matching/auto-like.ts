/**
 * GET /api/auto-like.php (spec section 7, issue 11): a fictional profile of the member's site
 * now likes the member, for the new-like modal. The like is a real one, made through likes, so it
 * shows in liked_by and completes a match when the member had liked that profile. The site's
 * rules (sites.auto_like) decide whether one comes: switched on, at most max_per_day in the
 * member's local day, at least min_minutes_between since the last one, and only once the member
 * has passed the events the site names ('activation': the account is active; 'first_photo': an
 * approved main photo). Each auto-like is logged in auto_likes, which the rules count.
 *
 * The count, the pick, the like and the log run in one transaction under the member's account
 * lock, so parallel calls (two tabs, several server processes) take turns and never give more
 * than the rules allow.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { pickLocalized, type LocaleCode } from '@cupido/shared/rules/locales';
import { defaultSearchOf } from '@cupido/shared/rules/profiles';
import { localDayOf, type AutoLikeRules } from '@cupido/shared/rules/likes';
import { type TAutoLikeAnswer } from '@cupido/shared/contracts/likes';
import { autoLikes } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import type { Site } from '../sites/service';
import { lockMemberAccount } from '../accounts/member-lock';
import { approvedMainThumbOf } from '../photos/service';
import { withActivity } from '../profiles/activity-port';
import { birthDateBounds, excludedProfileIds, toCard, type CardRow } from '../profiles/search-read-model';
import { matchingCards, matchingSelfOf, type MatchingFilter, type MatchingSelf } from '../profiles/for-matching';
import { memberSideOf } from '../profiles/mutual-match-sql';
import { autoLikeRulesOf, likeFromFictionalProfile, memberTimeZone, notLikingTheMember } from '../likes/for-matching';
import type { Matcher, MatchingDeps } from './suggestions';

export interface AutoLikeMember extends Matcher {
  /** The account's status as the session read it: 'active' once activated. */
  accountStatus: string;
}

/** Whether the member has passed every event the site waits for. */
async function eventsPassed(deps: MatchingDeps, rules: AutoLikeRules, member: AutoLikeMember): Promise<boolean> {
  for (const event of rules.after_events) {
    if (event === 'activation' && member.accountStatus !== 'active') return false;
    if (event === 'first_photo') {
      // Photos' fragment is a scalar subquery over its own table, read fresh (the session's copy
      // is cached and moderation does not refresh it); alone it needs a one-row FROM.
      const [row] = await deps.db.select({ thumb: approvedMainThumbOf(member.profileId).as('thumb') }).from(sql`(select 1) as one`);
      if (!row?.thumb) return false;
    }
  }
  return true;
}

/** Whether the rules allow one more now: fewer than max_per_day today (member's local day) and not too soon after the last. */
async function ruleAllowsAnother(tx: Tx, rules: AutoLikeRules, member: AutoLikeMember, site: Site, now: Date): Promise<boolean> {
  const day = localDayOf(now, await memberTimeZone(tx, member.userId, site));
  const since = new Date(Math.min(day.start.getTime(), now.getTime() - rules.min_minutes_between * 60_000));
  // Only this member's rows since the earlier of the two bounds: an index range, a few rows.
  const recent = await tx
    .select({ createdAt: autoLikes.createdAt })
    .from(autoLikes)
    .where(and(eq(autoLikes.userId, member.userId), gte(autoLikes.createdAt, since)));
  const today = recent.filter((row) => row.createdAt >= day.start && row.createdAt < day.end).length;
  if (today >= rules.max_per_day) return false;
  const tooSoon = recent.some((row) => now.getTime() - row.createdAt.getTime() < rules.min_minutes_between * 60_000);
  return !tooSoon;
}

/**
 * A fictional profile for the member, only ever one the member would be shown (the two-way rule
 * from the member's side, decision 036): of the ages they look for when there is one, else of
 * any age. `excludeIds`: their own profile and those blocked either way.
 */
async function pickFictional(tx: Tx, member: AutoLikeMember, self: MatchingSelf, excludeIds: number[], now: Date): Promise<CardRow | null> {
  const filter: MatchingFilter = {
    siteId: member.siteId,
    match: memberSideOf(self.side, member.lookingFor),
    from: self.point,
    excludeIds,
    fictionalOnly: true,
    conditions: [notLikingTheMember(member.profileId)],
  };
  const wanted = defaultSearchOf(self.preferences);
  const fitting = { ...filter, ...birthDateBounds(now, wanted.min_age, wanted.max_age) };
  const order = { by: 'photo_near_random', place: self } as const;
  const [best] = await matchingCards(tx, fitting, order, 1);
  if (best) return best;
  const [any] = await matchingCards(tx, filter, order, 1);
  return any ?? null;
}

export async function autoLike(deps: MatchingDeps, site: Site, locale: LocaleCode, member: AutoLikeMember): Promise<TAutoLikeAnswer> {
  const rules = autoLikeRulesOf(site);
  if (!rules.enabled || rules.max_per_day <= 0) return { profile: null };
  if (!(await eventsPassed(deps, rules, member))) return { profile: null };
  const self = await matchingSelfOf(deps.db, member.profileId, deps.clock());
  if (!self) return { profile: null };
  // Read before the transaction: on the embedded database it holds the only connection.
  const excludeIds = await excludedProfileIds(deps.db, member);

  const liked = await deps.db.transaction(async (tx) => {
    const standing = await lockMemberAccount(tx, member.userId);
    // Erased or re-linked while the request ran: nobody to like.
    if (!standing || standing.profileId !== member.profileId) return null;
    const now = deps.clock();
    if (!(await ruleAllowsAnother(tx, rules, member, site, now))) return null;
    const profile = await pickFictional(tx, member, self, excludeIds, now);
    if (!profile) return null;
    const likeState = await likeFromFictionalProfile(tx, profile.id, member.profileId, now);
    await tx.insert(autoLikes).values({ userId: member.userId, profileId: profile.id, createdAt: now });
    return { profile, likeState };
  });
  if (!liked) return { profile: null };

  const today = deps.clock();
  const [marked] = await withActivity(deps.activity, { profileId: member.profileId }, [liked.profile]);
  return {
    profile: {
      ...toCard(liked.profile, site, today),
      ...(marked?.activity ? { activity: marked.activity } : {}),
      like_state: liked.likeState,
      like_new: true,
      fictional: {
        icon: site.fictionalIcon,
        singular: pickLocalized(site.fictionalSingular, locale),
        warning: pickLocalized(site.fictionalWarning, locale),
      },
    },
  };
}
