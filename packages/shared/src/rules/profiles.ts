/**
 * Profile, search and profile-page rules without zod: limits and the pure rules both sides apply
 * (who may contact whom first, who may see a profile, how many photos a viewer sees unlocked).
 * The web app's screens import this file, so they need not download zod.
 */
import { FREE_PHOTOS } from './constants';

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

export const CITY_MAX_LENGTH = 100;
export const ABOUT_MAX_LENGTH = 2000;
export const MAX_INTERESTS = 20;

/** Search age filter bounds (spec section 3, search state min_age / max_age). */
export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;
export const SEARCH_PER_PAGE = 20;
/** Deep pages cost the database more and serve nobody: 500 pages of 20 is 10,000 profiles. */
export const SEARCH_MAX_PAGE = 500;
/**
 * Matches are counted up to this many, all that pages can reach (500 pages of 20); beyond it
 * numResults stays at the cap and results_capped is true ("10,000+"). Counting a million
 * matches would cost more than the whole search.
 */
export const SEARCH_COUNT_CAP = SEARCH_MAX_PAGE * SEARCH_PER_PAGE;
/** "When few match": fewer results than one page bring a block of similar profiles. */
export const SIMILAR_LIMIT = SEARCH_PER_PAGE;
/** Similar results drop the region filter and widen the age range by this many years each way. */
export const SIMILAR_AGE_WIDENING = 5;
/** Related profiles on a profile page: same country and gender, about the same age. */
export const RELATED_PROFILES = 6;
export const RELATED_AGE_SPREAD = 5;

/** The filters a site may offer in its `search_fields` setting. */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * Profile attributes a site may name in `visible_profile_fields` (highlight items) and
 * `visible_profile_notes`. Names outside this list are ignored.
 */
export const PROFILE_FIELDS = [
  'age',
  'gender',
  'sexuality',
  'country',
  'region',
  'city',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A profile is 'active', or 'disabled' when moderation hides it (spec section 3: "disabled seen"). */
export const PROFILE_STATUSES = ['active', 'disabled'] as const;

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** What the server knows about a viewer (a member, or a visitor when `viewerProfileId` is null) and a profile. */
export interface ContactFacts {
  /** The viewer's own profile id; null for a visitor. */
  viewerProfileId: number | null;
  targetProfileId: number;
  /** The target's profile is active and its account (if any) is confirmed and not pending deletion. */
  targetUsable: boolean;
  /** The target has invisible mode on. */
  targetInvisible: boolean;
  /** The viewer blocked the target. */
  blockedByViewer: boolean;
  /** The target's member blocked the viewer. */
  blockedByTarget: boolean;
  /**
   * The two are already partners: a conversation or a like exists between them, in either
   * direction. Invisible members keep being seen by, and reachable for, their partners.
   */
  existingContact: boolean;
}

/**
 * May the viewer message or like the target when the target has not done so first? (spec
 * section 4: invisible members are not contacted first, blocking ends contact both ways,
 * unusable accounts and visitors cannot be contacted or contact.) Partners of an invisible member
 * may go on contacting them. For the chats and likes features.
 */
export function canContactFirst(f: ContactFacts): boolean {
  if (f.viewerProfileId === null || f.viewerProfileId === f.targetProfileId) return false;
  if (!f.targetUsable || f.blockedByViewer || f.blockedByTarget) return false;
  return !f.targetInvisible || f.existingContact;
}

export type ProfileAccess = 'visible' | 'not_found' | 'no_access';

/**
 * May the viewer open the target's profile page? Own profile: always. Unusable profiles and
 * invisible ones (except to partners) are 'not_found'; a member blocked by the target gets
 * 'no_access' (spec section 4: the blocked member sees a no-access text). Blocking someone does
 * not hide their profile from the blocker, who can unblock there.
 */
export function profileAccess(f: ContactFacts): ProfileAccess {
  if (f.viewerProfileId !== null && f.viewerProfileId === f.targetProfileId) return 'visible';
  if (!f.targetUsable) return 'not_found';
  if (f.blockedByTarget) return 'no_access';
  if (f.targetInvisible && !f.existingContact) return 'not_found';
  return 'visible';
}

/** Photos of another member a viewer sees unlocked: all for premium members and the owner, else FREE_PHOTOS. */
export function unlockedPhotoCount(input: { premiumViewer: boolean; ownProfile: boolean; photoCount: number }): number {
  if (input.premiumViewer || input.ownProfile) return input.photoCount;
  return Math.min(FREE_PHOTOS, input.photoCount);
}

// ---------------------------------------------------------------------------------------------
// Search preferences (decision 013)
// ---------------------------------------------------------------------------------------------

/** Whom a member looks for: one gender, or both (no gender filter). */
export const LOOKING_FOR_GENDERS = ['male', 'female', 'both'] as const;
export type LookingForGender = (typeof LOOKING_FOR_GENDERS)[number];
/** Without stored ages, the default range is the member's own age this many years either way. */
export const DEFAULT_AGE_SPREAD = 10;

export interface SearchPreferenceFacts {
  gender: 'male' | 'female' | null;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' | null;
  age: number;
  looking_for_gender: LookingForGender | null;
  looking_for_min_age: number | null;
  looking_for_max_age: number | null;
}

/** The default search filters of a member: gender '' means everyone. */
export interface DefaultSearch {
  gender: '' | 'male' | 'female';
  min_age: number;
  max_age: number;
}

const clampAge = (age: number) => Math.min(SEARCH_MAX_AGE, Math.max(SEARCH_MIN_AGE, Math.round(age)));

/**
 * The search a member gets on opening the member list without filters: their stored
 * preferences, and where one is missing a default from their own profile. Gender: hetero looks
 * for the other gender, gay and lesbian for the same, bi (or an unknown orientation or gender)
 * for both. Ages: their own age DEFAULT_AGE_SPREAD years either way, within the search limits.
 * A stored bound alone keeps the other default bound unless that would reverse the range.
 */
export function defaultSearchOf(facts: SearchPreferenceFacts): DefaultSearch {
  const gender = facts.looking_for_gender ?? derivedGender(facts.gender, facts.sexuality);
  let min = facts.looking_for_min_age ?? clampAge(facts.age - DEFAULT_AGE_SPREAD);
  let max = facts.looking_for_max_age ?? clampAge(facts.age + DEFAULT_AGE_SPREAD);
  if (min > max) {
    if (facts.looking_for_min_age === null) min = max;
    else max = min;
  }
  return { gender: gender === 'both' ? '' : gender, min_age: clampAge(min), max_age: clampAge(max) };
}

function derivedGender(gender: SearchPreferenceFacts['gender'], sexuality: SearchPreferenceFacts['sexuality']): LookingForGender {
  if (!gender || !sexuality || sexuality === 'bi') return 'both';
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male';
  return gender;
}
