/**
 * The two-way rule of decision 036 (`isMutualMatch` in @cupido/shared/rules/matching) as SQL over
 * profiles, built from the shared rule's own functions so every query says what the TS rule says:
 * the candidate's gender is one the member looks for, and the member's gender is one the
 * candidate looks for (`profiles.seeking`, generated from `seekingOf`). mutual-match.test.ts runs
 * every combination of gender, orientation and choice on both sides through this SQL and through
 * `isMutualMatch`, so a drift of either fails there.
 *
 * Used wherever one member is offered to another: search (profiles/search-read-model.ts),
 * related profiles, and matching (profiles/for-matching.ts: swipe stack, match finder, signup
 * matches, auto-likes). Visitors have no side: only their own filters apply.
 */
import { and, inArray, type SQL } from 'drizzle-orm';
import { SEEKINGS, gendersWantedBy, seekingOf, seekingsThatWant, type MatchSide, type Seeking } from '@cupido/shared/rules/matching';
import type { Gender, Sexuality } from '@cupido/shared/rules/profile-options';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The candidate's gender is one the member looks for. Someone looking for both wants anyone,
 * an unknown gender included (`seeks`), so that side adds no condition.
 */
export function candidateIsWantedSql(seeking: Seeking): SQL | undefined {
  return seeking === 'both' ? undefined : inArray(profiles.gender, gendersWantedBy(seeking));
}

/** The member's gender is one the candidate looks for: the candidate's wish, which always holds. */
export function candidateWantsSql(memberGender: Gender | null): SQL {
  return inArray(profiles.seeking, seekingsThatWant(memberGender));
}

/**
 * The two-way rule from the member's side: their gender, and whom they look for. An explicit
 * search gender filter replaces only `seeking` (the member's own side); the candidate's wish
 * applies whatever the member chose, so no filter widens past what the other side wants.
 */
export function mutualMatchSql(member: MatchSide): SQL {
  return and(candidateIsWantedSql(member.seeking), candidateWantsSql(member.gender))!;
}

/** What the server knows of the member for their side of the rule. */
export interface SideFacts {
  gender: Gender | null;
  sexuality: Sexuality | null;
  /** Stored only with the orientation consent (decision 036). */
  lookingForGender: Seeking | null;
}

/**
 * The member's side: whom they look for is their stored choice if any, else the choice the
 * browser keeps for the session (`looking_for`, sent when nothing may be stored), else decision
 * 013's default derived from gender and orientation.
 */
export function memberSideOf(facts: SideFacts, browserLookingFor?: Seeking): MatchSide {
  return {
    gender: facts.gender,
    seeking: seekingOf({
      gender: facts.gender,
      sexuality: facts.sexuality,
      looking_for_gender: facts.lookingForGender ?? browserLookingFor ?? null,
    }),
  };
}

/**
 * The `looking_for` query parameter of the matching calls: male | female | both, or empty/absent
 * for none; anything else is 400 invalid_choice on the field, like the other choices.
 */
export function parseLookingFor(value: string | undefined): Seeking | undefined {
  const text = value?.trim().toLowerCase();
  if (!text) return undefined;
  if (!(SEEKINGS as readonly string[]).includes(text))
    throw new AppError(400, 'invalid_choice', 'errors.invalid_choice', {}, 'looking_for');
  return text as Seeking;
}
