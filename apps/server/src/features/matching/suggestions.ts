/**
 * The swipe stack, the match finder and signup matches (spec sections 2 and 9, issue 11):
 * profiles of the member's site that fit whom the member looks for and who look for the member's
 * gender (the two-way rule, decision 036), never their own, never anyone blocked either way,
 * never an invisible one that has not liked them (spec section 4), and never one they already
 * liked (the stack also leaves out those they passed). Profiles' read model
 * (profiles/for-matching.ts) runs the query; likes adds its conditions as SQL over the candidate.
 * Cards carry the distance from the member and their activity marks.
 */
import type { Seeking } from '@cupido/shared/rules/matching';
import { defaultSearchOf } from '@cupido/shared/rules/profiles';
import { MATCH_FINDER_AGE_GROUPS, type MatchFinderAgeGroup } from '@cupido/shared/rules/likes';
import { type TLikedProfileCard, type TSuggestionsAnswer, type TSwipeStackAnswer } from '@cupido/shared/contracts/likes';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '@cupido/shared/rules/profiles';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Site } from '../sites/service';
import { withActivity, type ActivityMarks } from '../profiles/activity-port';
import { birthDateBounds, excludedProfileIds, toCard, type CardRow } from '../profiles/search-read-model';
import { matchingCards, matchingSelfOf, type MatchingFilter, type MatchingSelf } from '../profiles/for-matching';
import { memberSideOf } from '../profiles/mutual-match-sql';
import { likeAllowanceOf, likeFlagsOf, likedTheMember, notLikedBy, notLikedOrPassedBy } from '../likes/for-matching';

export interface MatchingDeps {
  db: Database;
  clock: Clock;
  /** The cards' "online now" / "active today" marks (issue 28), handed in from the app's context (build-context.ts). */
  activity?: ActivityMarks;
}

/** The member asking, as the session knows them. */
export interface Matcher {
  userId: number;
  profileId: number;
  siteId: number;
  paidUser: boolean;
  /**
   * Whom the member looks for as the browser keeps it for the session (`looking_for`, decision
   * 036): counts only when nothing is stored (no orientation consent).
   */
  lookingFor?: Seeking;
}

/** Cards in one swipe stack: the web app asks for the next stack when this one runs low. */
export const SWIPE_STACK_SIZE = 20;
/** Profiles on one page of the match finder or signup matches. */
export const SUGGESTIONS_PER_PAGE = 20;

/** The ages of a match finder group (spec section 9): "18-35" and "35+" as their labels read, both ends included. */
export const AGE_GROUP_AGES: Record<MatchFinderAgeGroup, { minAge: number; maxAge: number }> = {
  '18-35': { minAge: SEARCH_MIN_AGE, maxAge: 35 },
  '35+': { minAge: 35, maxAge: SEARCH_MAX_AGE },
};

export function parseAgeGroup(value: string | undefined): MatchFinderAgeGroup {
  const group = value?.trim();
  if (!group || !(MATCH_FINDER_AGE_GROUPS as readonly string[]).includes(group)) {
    throw new AppError(400, 'invalid_age_group', 'errors.invalid_age_group', {}, 'age_group');
  }
  return group as MatchFinderAgeGroup;
}

/** The member's own profile, or 404 when it went away while the session lived (erasure). */
async function selfOf(deps: MatchingDeps, member: Matcher, today: Date): Promise<MatchingSelf> {
  const self = await matchingSelfOf(deps.db, member.profileId, today);
  if (!self) throw new AppError(404, 'profile_not_found', 'errors.profile_not_found');
  return self;
}

/** The member's own profile and the profiles they never see (own, blocked either way), read together. */
function selfAndExcluded(deps: MatchingDeps, member: Matcher, today: Date) {
  return Promise.all([selfOf(deps, member, today), excludedProfileIds(deps.db, { userId: member.userId, profileId: member.profileId })]);
}

/**
 * The filter every list starts from: the site, the two-way rule from the member's side (decision
 * 036), the ages the member looks for (decision 013), distances from the member, nobody excluded.
 */
function baseFilter(member: Matcher, self: MatchingSelf, excludeIds: number[], today: Date, ages?: { minAge: number; maxAge: number }) {
  const wanted = defaultSearchOf(self.preferences);
  const { minAge, maxAge } = ages ?? { minAge: wanted.min_age, maxAge: wanted.max_age };
  return {
    siteId: member.siteId,
    match: memberSideOf(self.side, member.lookingFor),
    from: self.point,
    ...birthDateBounds(today, minAge, maxAge),
    excludeIds,
    invisibleShownWhen: likedTheMember(member.profileId),
  } satisfies MatchingFilter;
}

/** Cards with the state between the member and each profile (one query for the page) and their activity marks. */
export async function likedCards(
  deps: MatchingDeps,
  site: Site,
  member: Matcher,
  rows: CardRow[],
  today: Date,
): Promise<TLikedProfileCard[]> {
  const [flags, marked] = await Promise.all([
    likeFlagsOf(
      deps.db,
      member.profileId,
      rows.map((row) => row.id),
    ),
    withActivity(deps.activity, { profileId: member.profileId }, rows),
  ]);
  return marked.map((row) => {
    const flag = flags.get(row.id);
    const activity = row.activity ? { activity: row.activity } : {};
    return { ...toCard(row, site, today), ...activity, like_state: flag?.likeState ?? 'none', like_new: flag?.likeNew ?? false };
  });
}

/** GET /api/swipe-stack.php: whom the member looks for, not liked or passed yet, with a photo first. */
export async function swipeStack(deps: MatchingDeps, site: Site, member: Matcher): Promise<TSwipeStackAnswer> {
  const today = deps.clock();
  const [self, excludeIds] = await selfAndExcluded(deps, member, today);
  const filter = baseFilter(member, self, excludeIds, today);
  const [rows, allowance] = await Promise.all([
    matchingCards(deps.db, { ...filter, conditions: [notLikedOrPassedBy(member.profileId)] }, { by: 'photo_first' }, SWIPE_STACK_SIZE),
    likeAllowanceOf(deps.db, member, site, today),
  ]);
  return {
    profiles: await likedCards(deps, site, member, rows, today),
    likes_left: allowance.likesLeft,
    likes_reset_at: allowance.resetAt.toISOString(),
  };
}

async function suggestions(
  deps: MatchingDeps,
  site: Site,
  member: Matcher,
  ages?: { minAge: number; maxAge: number },
): Promise<TSuggestionsAnswer> {
  const today = deps.clock();
  const [self, excludeIds] = await selfAndExcluded(deps, member, today);
  const filter = baseFilter(member, self, excludeIds, today, ages);
  const rows = await matchingCards(
    deps.db,
    { ...filter, withPhotoOnly: true, conditions: [notLikedBy(member.profileId)] },
    { by: 'near_first', place: self },
    SUGGESTIONS_PER_PAGE,
  );
  return { profiles: await likedCards(deps, site, member, rows, today) };
}

/**
 * The weekly update's new members (issue 30): profiles created after `since` that the member's
 * default search finds (gender both ways, ages) in the member's country, with a photo, not liked
 * by the member yet, nearest first. The member is the one the mail goes to, not a session.
 */
export async function newMembersFor(deps: MatchingDeps, member: Matcher, since: Date, limit: number): Promise<CardRow[]> {
  const today = deps.clock();
  const self = await matchingSelfOf(deps.db, member.profileId, today);
  if (!self) return [];
  const excludeIds = await excludedProfileIds(deps.db, { userId: member.userId, profileId: member.profileId });
  const filter = baseFilter(member, self, excludeIds, today);
  return matchingCards(
    deps.db,
    { ...filter, withPhotoOnly: true, joinedAfter: since, country: self.country, conditions: [notLikedBy(member.profileId)] },
    { by: 'near_first', place: self },
    limit,
  );
}

/** GET /api/match-finder.php: the age group in place of the member's ages, their gender preference kept. */
export function matchFinder(deps: MatchingDeps, site: Site, member: Matcher, group: MatchFinderAgeGroup): Promise<TSuggestionsAnswer> {
  return suggestions(deps, site, member, AGE_GROUP_AGES[group]);
}

/** GET /api/signup-matches.php: right after signup, from what the signup gave (age and country; decision 013's defaults fill the rest). */
export function signupMatches(deps: MatchingDeps, site: Site, member: Matcher): Promise<TSuggestionsAnswer> {
  return suggestions(deps, site, member);
}
