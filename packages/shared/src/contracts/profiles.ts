import { z } from 'zod';
import { ZCountryCode } from './contracts';
import { GENDERS, SEXUALITIES } from '../rules/profile-options';
import { zId, zInt32, zText } from './input';
import { ACTIVITIES, FICTIONAL_MIN_DISTANCE_KM, RADIUS_CHOICES_KM } from '../rules/matching';

/**
 * Profiles, search, profile pages, blocks and reverse geocoding: the contracts of their calls,
 * their limits, and the pure rules both sides apply (who may contact whom first, who may see a
 * profile, how many photos a viewer sees unlocked). Photos themselves live in photos.ts.
 */

import {
  CITY_MAX_LENGTH,
  ABOUT_MAX_LENGTH,
  MAX_INTERESTS,
  SEARCH_MIN_AGE,
  SEARCH_MAX_AGE,
  SEARCH_MAX_PAGE,
  SEARCH_COUNT_CAP,
  RELATED_PROFILES,
  PROFILE_FIELDS,
  LOOKING_FOR_GENDERS,
} from '../rules/profiles';

// ---------------------------------------------------------------------------------------------
// Contracts
// ---------------------------------------------------------------------------------------------

/** Query parameters every call accepts (the forced domain and the locale of texts). */
const siteQuery = {
  domain: zText(253).optional().meta({ description: 'Forced domain; the web app sends the host it was opened on' }),
  locale: zText(10).optional().meta({ description: 'Locale of error messages' }),
};

const optionValue = (values: readonly string[]) => zText(40).meta({ description: `One of: ${values.join(', ')}` });
const optionalOption = zText(40).nullable();

/** GET /api/profile.php: the member's own profile, every attribute of spec section 3. */
export const ZOwnProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable().meta({ description: 'Null until the member chooses' }),
  sexuality: z.enum(SEXUALITIES).nullable().meta({ description: 'Null until the member chooses' }),
  date_of_birth: z.string().meta({ description: 'YYYY-MM-DD' }),
  age: z.number().int(),
  country: ZCountryCode,
  region: z.string().meta({ description: "Region code of /api/regions.php for the country; '' when not chosen" }),
  city: z.string(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  signup_reason: z.string().nullable(),
  interests: z.array(z.string()).meta({ description: 'Interest ids of /api/interests.php' }),
  about: z.string(),
  invisible: z.boolean().meta({ description: 'Invisible mode: hidden from search, not contacted first' }),
  looking_for_gender: z
    .enum(LOOKING_FOR_GENDERS)
    .nullable()
    .meta({ description: 'Whom the member looks for; null: derived from gender and sexuality (decision 013)' }),
  looking_for_min_age: z
    .number()
    .int()
    .nullable()
    .meta({ description: `${SEARCH_MIN_AGE}..${SEARCH_MAX_AGE}; null: own age - 10` }),
  looking_for_max_age: z
    .number()
    .int()
    .nullable()
    .meta({ description: `${SEARCH_MIN_AGE}..${SEARCH_MAX_AGE}, not below the minimum; null: own age + 10` }),
  status: z.string().meta({ description: "'active', or 'disabled' when hidden by moderation" }),
  location: z
    .object({ latitude: z.number(), longitude: z.number() })
    .nullable()
    .meta({ description: "Centre of the ~1 km grid cell of the member's place (decision 036); null: not set" }),
  hide_activity: z.boolean().meta({ description: "Privacy: own online/active marks hidden, and others' not shown" }),
});
export type TOwnProfile = z.infer<typeof ZOwnProfile>;
export const ZOwnProfileAnswer = z.object({ profile: ZOwnProfile });

/**
 * PUT /api/profile.php: a partial update; absent fields stay as they are. Values are checked on
 * the server with field-specific, translated errors. Changing the country without a region
 * clears the region. Optional attributes accept null to clear them.
 */
export const ZProfileUpdate = z.object({
  name: zText(200).optional(),
  gender: optionValue(GENDERS).optional(),
  sexuality: optionValue(SEXUALITIES).optional(),
  date_of_birth: zText(10).optional().meta({ description: 'YYYY-MM-DD, at least the site minimum age' }),
  country: zText(10).optional().meta({ description: "One of the site's countries" }),
  region: zText(100).optional().meta({ description: "Region code of the country (/api/regions.php), or '' for none" }),
  city: zText(CITY_MAX_LENGTH * 4).optional(),
  hair_color: optionalOption.optional(),
  eye_color: optionalOption.optional(),
  body_type: optionalOption.optional(),
  relationship_status: optionalOption.optional(),
  tattoos: optionalOption.optional(),
  signup_reason: optionalOption.optional(),
  about: zText(ABOUT_MAX_LENGTH * 4).optional(),
  interests: z
    .array(zText(40))
    .max(200)
    .optional()
    .meta({ description: `Interest ids, at most ${MAX_INTERESTS}; replaces the list` }),
  invisible: z.boolean().optional(),
  looking_for_gender: optionalOption.optional().meta({ description: `One of: ${LOOKING_FOR_GENDERS.join(', ')}; null clears` }),
  looking_for_min_age: zInt32()
    .nullable()
    .optional()
    .meta({ description: `${SEARCH_MIN_AGE}..${SEARCH_MAX_AGE}; null clears` }),
  looking_for_max_age: zInt32()
    .nullable()
    .optional()
    .meta({ description: `${SEARCH_MIN_AGE}..${SEARCH_MAX_AGE}, not below the minimum; null clears` }),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional().meta({
    description:
      "The browser's location (-90..90, -180..180), stored as its ~1 km grid cell; null clears. Without it, a changed city or country places the member at that city when it is known",
  }),
  hide_activity: z.boolean().optional().meta({ description: "Hide own online/active marks (and see nobody else's)" }),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** How far away and how active a profile is, as the viewer may see it (decision 036). */
const distanceAndActivity = {
  distance_km: z
    .number()
    .int()
    .optional()
    .meta({
      description: `Whole km from the viewer (at least 1; at least ${FICTIONAL_MIN_DISTANCE_KM} for a fictional profile); absent when either has no location`,
    }),
  activity: z
    .enum(ACTIVITIES)
    .optional()
    .meta({ description: "'online' (live now) or 'today' (active today); absent when neither, or when either side hides activity" }),
};

/** One profile in search results, related profiles and similar results. */
export const ZProfileCard = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  city: z.string(),
  country: ZCountryCode,
  main_image: z.string().nullable().meta({ description: 'Thumbnail URL (under the cdn_prefix) of the approved main photo, or null' }),
  is_fictional: z.boolean(),
  fictional_icon: z.string().optional().meta({ description: "The site's fictional_icon, present exactly when is_fictional" }),
  ...distanceAndActivity,
});
export type TProfileCard = z.infer<typeof ZProfileCard>;

const queryText = zText(100).optional();

/** A visitor's traffic source (spec section 3, tracking data), for logged_out_search_trafficsource. */
const trackingQuery = {
  network: queryText.meta({ description: 'Traffic source of a visitor (tracking data), for logged_out_search_trafficsource' }),
  ref: queryText,
  sub1: queryText,
  sub2: queryText,
  sub3: queryText,
};
export const TRACKING_QUERY_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** GET /api/search.php. Filters the site does not offer (search_fields) are ignored. */
export const ZSearchQuery = z.looseObject({
  ...siteQuery,
  gender: queryText.meta({ description: 'male | female; empty for everyone' }),
  country: queryText.meta({ description: "One of the site's countries; empty for all" }),
  countryregion: queryText.meta({ description: 'Region code of the country (needs country); empty for all' }),
  min_age: queryText.meta({ description: `${SEARCH_MIN_AGE}..${SEARCH_MAX_AGE}` }),
  max_age: queryText.meta({ description: `${SEARCH_MIN_AGE}..${SEARCH_MAX_AGE}, not below min_age` }),
  page: queryText.meta({ description: `1..${SEARCH_MAX_PAGE}, default 1` }),
  radius: queryText.meta({
    description: `Km around the member's location: ${RADIUS_CHOICES_KM.join(', ')}; empty for anywhere. Needs a location`,
  }),
  ...trackingQuery,
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZSearchAnswer = z.object({
  profiles: z.array(ZProfileCard),
  numResults: z
    .number()
    .int()
    .meta({ description: `Number of matches, counted up to ${SEARCH_COUNT_CAP}` }),
  results_capped: z.boolean().meta({ description: `True when more than ${SEARCH_COUNT_CAP} match (show "${SEARCH_COUNT_CAP}+")` }),
  page: z.number().int(),
  per_page: z.number().int(),
  similar: z.array(ZProfileCard).meta({
    description: 'When fewer than per_page match: profiles matching relaxed filters (no region, ages widened), never repeating a result',
  }),
  similar_count: z
    .number()
    .int()
    .meta({ description: `Number of similar profiles (up to ${SEARCH_COUNT_CAP})` }),
});
export type TSearchAnswer = z.infer<typeof ZSearchAnswer>;

export const ZMemberQuery = z.looseObject({
  ...siteQuery,
  id: zText(20).optional().meta({ description: 'Profile id' }),
  ...trackingQuery,
});

export const ZProfileFieldValue = z.object({
  field: z.enum(PROFILE_FIELDS),
  value: z
    .union([z.string(), z.number().int()])
    .meta({ description: 'age as a number; option ids (translated by the web app), country and region codes, city as text' }),
});

export const ZMemberPhoto = z.union([
  z.object({
    locked: z.literal(false),
    id: z.number().int(),
    url: z.string(),
    thumb_url: z.string(),
    is_main: z.boolean(),
  }),
  z.object({ locked: z.literal(true) }),
]);
export type TMemberPhoto = z.infer<typeof ZMemberPhoto>;

/** GET /api/member.php: a profile page (spec section 2, profile view). */
export const ZMemberProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS).nullable(),
  country: ZCountryCode,
  region: z.string(),
  city: z.string(),
  about: z.string(),
  interests: z.array(z.string()).meta({ description: 'Interest ids of /api/interests.php' }),
  highlights: z
    .array(ZProfileFieldValue)
    .meta({ description: "Values of the site's visible_profile_fields, in that order, empty values left out" }),
  notes: z.array(ZProfileFieldValue).meta({ description: "Values of the site's visible_profile_notes" }),
  main_image: z.string().nullable().meta({ description: 'Thumbnail URL of the approved main photo, or null' }),
  photos: z
    .array(ZMemberPhoto)
    .meta({ description: 'Approved photos, main first; beyond FREE_PHOTOS locked (no URLs) for non-premium viewers' }),
  photo_count: z.number().int(),
  is_fictional: z.boolean(),
  fictional: z
    .object({ icon: z.string(), singular: z.string(), warning: z.string() })
    .nullable()
    .meta({ description: "The site's fictional badge and warning, always present for a fictional profile" }),
  is_blocked_by_me: z.boolean(),
  is_own: z.boolean(),
  ...distanceAndActivity,
});
export type TMemberProfile = z.infer<typeof ZMemberProfile>;

export const ZMemberAnswer = z.object({
  profile: ZMemberProfile,
  related: z
    .array(ZProfileCard)
    .meta({ description: `Up to ${RELATED_PROFILES} profiles of the same country and gender, about the same age` }),
});
export type TMemberAnswer = z.infer<typeof ZMemberAnswer>;

export const ZBlockRequest = z.object({ profile_id: zId() });
export const ZBlockAnswer = z.object({ profile_id: z.number().int(), is_blocked: z.boolean() });
export type TBlockAnswer = z.infer<typeof ZBlockAnswer>;

export const ZGeocodeQuery = z.looseObject({
  ...siteQuery,
  lat: zText(40).optional().meta({ description: 'Latitude, -90..90' }),
  lon: zText(40).optional().meta({ description: 'Longitude, -180..180' }),
});
export const ZGeocodeAnswer = z.object({
  country: ZCountryCode.meta({ description: 'ISO 3166-1 alpha-2; may be a country the site does not serve' }),
  region: z.string().nullable().meta({ description: 'Region code of /api/regions.php when it can be told, else null' }),
  city: z.string().nullable().meta({ description: 'Nearest known town or city, else null' }),
});
export type TGeocodeAnswer = z.infer<typeof ZGeocodeAnswer>;

/** Stable error codes of these calls (besides invalid_request, authentication_required, date of birth and name codes of accounts.ts). */
export const PROFILE_ERROR_CODES = [
  'invalid_choice',
  'country_not_served',
  'unknown_region',
  'city_too_long',
  'about_too_long',
  'too_many_interests',
  'unknown_interest',
  'invalid_age',
  'age_range_reversed',
  'invalid_page',
  'profile_not_found',
  'no_access',
  'cannot_block_self',
  'invalid_coordinates',
  'location_unknown',
] as const;
export type ProfileErrorCode = (typeof PROFILE_ERROR_CODES)[number];
