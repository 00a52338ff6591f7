import { z } from 'zod';
import { zId, zText } from './input';
import { ZProfileCard } from './profiles';
import { LIKE_SOURCES, LIKE_STATES, LIKES_PAGE_TYPES, MATCH_FINDER_AGE_GROUPS } from '../rules/likes';

/**
 * Likes, passes and matches (spec sections 3, 4, 7 and 9; issue 11): the contracts of their
 * calls. The rules themselves (state from two flags, the daily limit, the local day) are pure
 * functions in shared/rules/likes.ts, shared by server and web.
 */

export const ZLikeState = z.enum(LIKE_STATES).meta({ description: 'none, liked (by you), liked_you, match (both)' });

/** One entry of GET /api/likes.php (spec section 3, like data). */
export const ZLikeEntry = z.object({
  id: z.number().int().meta({ description: 'Profile id' }),
  like_new: z.boolean().meta({
    description:
      'In liked_by: the member has not opened this like yet (counts in the Likes badge). In profiles: the other member has not opened it yet',
  }),
});
export type TLikeEntry = z.infer<typeof ZLikeEntry>;

/** GET /api/likes.php: whom the member liked and who liked the member, newest first. */
export const ZLikesAnswer = z.object({
  profiles: z.array(ZLikeEntry).meta({ description: 'Profiles the member liked' }),
  liked_by: z.array(ZLikeEntry).meta({ description: 'Profiles that liked the member' }),
});
export type TLikesAnswer = z.infer<typeof ZLikesAnswer>;

/** POST /api/like.php; DELETE /api/like.php takes { profile_id } only. */
export const ZLikeRequest = z.object({
  profile_id: zId(),
  source: z.enum(LIKE_SOURCES).optional(),
});
export type TLikeRequest = z.infer<typeof ZLikeRequest>;
export const ZUnlikeRequest = z.object({ profile_id: zId() });

/** A profile card with the state between the member and it, for the likes pages and modals. */
export const ZLikedProfileCard = ZProfileCard.extend({
  like_state: ZLikeState,
  like_new: z.boolean().meta({ description: 'A like of this profile the member has not opened yet' }),
});
export type TLikedProfileCard = z.infer<typeof ZLikedProfileCard>;

/** The answer to liking and unliking. */
export const ZLikeAnswer = z.object({
  profile_id: z.number().int(),
  like_state: ZLikeState,
  likes_left: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Likes the member may still give today; null for premium members (unlimited)' }),
  likes_reset_at: z.string().meta({ description: "The member's next local midnight (ISO 8601), when free Likes start again" }),
  match: ZLikedProfileCard.nullable().meta({
    description: 'The liked profile when this like completed a match (for the match modal), else null',
  }),
});
export type TLikeAnswer = z.infer<typeof ZLikeAnswer>;

/** POST /api/likes-seen.php: opening a liked-by profile (/likes/m/{id}) clears its new-like flag. */
export const ZLikeSeenRequest = z.object({ profile_id: zId() });

/** GET /api/likes-page.php: one page of the grid of /likes/{type}. */
export const ZLikesPageQuery = z.looseObject({
  type: zText(20).meta({ description: LIKES_PAGE_TYPES.join(' | ') }),
  page: zText(6).optional().meta({ description: 'From 1, default 1' }),
});
export const ZLikesPageAnswer = z.object({
  profiles: z.array(ZLikedProfileCard),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TLikesPageAnswer = z.infer<typeof ZLikesPageAnswer>;

/** POST /api/pass.php: a left swipe, remembered so the profile does not come back. */
export const ZPassRequest = z.object({ profile_id: zId() });

/** GET /api/swipe-stack.php: profiles matching the member's preferences, not liked or passed yet. */
export const ZSwipeStackAnswer = z.object({
  profiles: z.array(ZLikedProfileCard),
  likes_left: z.number().int().nullable(),
  likes_reset_at: z.string(),
});
export type TSwipeStackAnswer = z.infer<typeof ZSwipeStackAnswer>;

/**
 * Whom the member looks for as the browser keeps it for the session (decision 036): sent with the
 * matching calls, it counts only when the member stored no choice (which needs the orientation
 * consent); else decision 013's default applies. Optional here so a wrong value gets the
 * translated 400 invalid_choice (field looking_for).
 */
const lookingForQuery = {
  looking_for: zText(10).optional().meta({
    description: "male | female | both; empty or absent: the member's stored choice, else the default from gender and orientation",
  }),
};

/** GET /api/swipe-stack.php, GET /api/signup-matches.php and GET /api/auto-like.php. */
export const ZMatchingQuery = z.looseObject({ ...lookingForQuery });

/** GET /api/match-finder.php: suggested profiles of an age group, with a photo, not liked yet, near first. */
export const ZMatchFinderQuery = z.looseObject({
  // Optional here so a missing group gets the same translated 400 invalid_age_group as a wrong one.
  age_group: zText(10)
    .optional()
    .meta({ description: MATCH_FINDER_AGE_GROUPS.join(' | ') }),
  ...lookingForQuery,
});
export const ZSuggestionsAnswer = z.object({ profiles: z.array(ZLikedProfileCard) });
export type TSuggestionsAnswer = z.infer<typeof ZSuggestionsAnswer>;

/** GET /api/auto-like.php: a fictional profile that now likes the member, for the new-like modal, or null. */
export const ZAutoLikeAnswer = z.object({
  profile: ZLikedProfileCard.extend({
    fictional: z.object({ icon: z.string(), singular: z.string(), warning: z.string() }).nullable(),
  }).nullable(),
});
export type TAutoLikeAnswer = z.infer<typeof ZAutoLikeAnswer>;

/** Browser time zone sent with PUT /api/user.php, so "today" is the member's own day. */
export const ZTimeZone = zText(64).meta({ description: 'IANA time zone of the browser, e.g. Europe/Amsterdam' });
