/**
 * What matching (features/matching: swipe stack, match finder, signup matches, auto-like) uses
 * of likes (decision 021): conditions over a candidate's profile id as SQL on likes' own tables,
 * composed into profiles' candidate query (profiles/for-matching.ts CandidateCondition), the like
 * flags of a page of cards, the member's allowance and day, and the like itself (a right swipe
 * is likeProfile; an auto-like is likeFromFictionalProfile).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DEFAULT_AUTO_LIKE_RULES, type AutoLikeRules } from '@cupido/shared/rules/likes';
import { likes, passes } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import type { Site } from '../sites/service';
import { memberTimeZoneOf } from '../accounts/member-lock';
import { dayZoneOf } from './service';

export { likeAllowanceOf, likeFromFictionalProfile, likeProfile, type LikeAllowance, type LikeDeps, type Liker } from './service';
export { likeFlagsOf } from './likes-lists';
export type { AutoLikeRules };

/** SQL about a candidate, given its profiles.id column (profiles/for-matching.ts CandidateCondition). */
type CandidateCondition = (candidateProfileId: SQLWrapper) => SQL;

/** The member has not liked the candidate (one probe of the likes key). */
export function notLikedBy(memberProfileId: number): CandidateCondition {
  return (candidate) =>
    sql`not exists (select 1 from ${likes} where ${likes.fromProfileId} = ${memberProfileId} and ${likes.toProfileId} = ${candidate})`;
}

/** The member has neither liked nor passed the candidate (swipe stack). */
export function notLikedOrPassedBy(memberProfileId: number): CandidateCondition {
  return (candidate) =>
    sql`${notLikedBy(memberProfileId)(candidate)} and not exists (select 1 from ${passes} where ${passes.fromProfileId} = ${memberProfileId} and ${passes.toProfileId} = ${candidate})`;
}

/** The candidate liked the member (and that like is not hidden): an invisible candidate may be liked back. */
export function likedTheMember(memberProfileId: number): CandidateCondition {
  return (candidate) =>
    sql`exists (select 1 from ${likes} where ${likes.fromProfileId} = ${candidate} and ${likes.toProfileId} = ${memberProfileId} and not ${likes.hidden})`;
}

/** The candidate does not like the member yet (auto-like picks a fictional profile that does not). */
export function notLikingTheMember(memberProfileId: number): CandidateCondition {
  return (candidate) =>
    sql`not exists (select 1 from ${likes} where ${likes.fromProfileId} = ${candidate} and ${likes.toProfileId} = ${memberProfileId})`;
}

/** The zone the member's day counts in (their browser's, else the site's), read fresh. */
export async function memberTimeZone(tx: Tx, userId: number, site: Pick<Site, 'timeZone'>): Promise<string> {
  return dayZoneOf(await memberTimeZoneOf(tx, userId), site);
}

/** The site's auto-like rules, the defaults filling what an older row lacks (the CHECK keeps the types right). */
export function autoLikeRulesOf(site: Pick<Site, 'autoLike'>): AutoLikeRules {
  return { ...DEFAULT_AUTO_LIKE_RULES, ...site.autoLike };
}
