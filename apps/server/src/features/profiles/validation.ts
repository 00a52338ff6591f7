/**
 * Checks of PUT /api/profile.php, in the order the form shows the fields; the first problem is
 * answered with its field and a translated message. Nothing is written before all pass.
 */
import { dateOfBirthProblem, nameProblem } from '@cupido/shared/rules/accounts';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTEREST_IDS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from '@cupido/shared/rules/profile-options';
import {
  ABOUT_MAX_LENGTH,
  CITY_MAX_LENGTH,
  LOOKING_FOR_GENDERS,
  MAX_INTERESTS,
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
} from '@cupido/shared/rules/profiles';
import { type TProfileUpdate } from '@cupido/shared/contracts/profiles';
import { isValidLatLon, snapToCell, type LatLon } from '@cupido/shared/rules/matching';
import type { profiles } from '../../db/schema';
import { countryAt, placeOfCity } from '../geocode/geocoder';
import { AppError } from '../../errors';
import { isRegionOf } from '../reference-data/region-codes';

type ProfileRow = typeof profiles.$inferSelect;
/** The columns an update writes, and the interest list when it replaces it. */
export interface ProfileChanges {
  columns: Partial<
    Pick<
      ProfileRow,
      | 'name'
      | 'gender'
      | 'sexuality'
      | 'birthDate'
      | 'country'
      | 'region'
      | 'city'
      | 'hairColor'
      | 'eyeColor'
      | 'bodyType'
      | 'relationshipStatus'
      | 'tattoos'
      | 'signupReason'
      | 'about'
      | 'isInvisible'
      | 'lookingForGender'
      | 'lookingForMinAge'
      | 'lookingForMaxAge'
      | 'latitude'
      | 'longitude'
      | 'hideActivity'
    >
  >;
  interests?: string[];
}

const fieldError = (code: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(400, code, `errors.${code}`, params, field);

const OPTIONAL_OPTIONS = {
  hair_color: ['hairColor', HAIR_COLORS],
  eye_color: ['eyeColor', EYE_COLORS],
  body_type: ['bodyType', BODY_TYPES],
  relationship_status: ['relationshipStatus', RELATIONSHIP_STATUSES],
  tattoos: ['tattoos', TATTOOS],
  signup_reason: ['signupReason', SIGNUP_REASONS],
} as const;

const includes = (list: readonly string[], value: string) => list.includes(value);

export interface ValidationContext {
  email: string;
  minimumAge: number;
  siteCountries: string[];
  today: Date;
  /** The stored values an update is checked against; `city` unknown (a new profile): none. */
  current: Pick<ProfileRow, 'country' | 'region' | 'lookingForMinAge' | 'lookingForMaxAge'> & { city?: string };
  /** Whether the member's orientation consent stands: without it no sexuality or looking-for is stored. */
  orientationConsent: boolean;
}

export function validateProfileUpdate(input: TProfileUpdate, ctx: ValidationContext): ProfileChanges {
  const columns: ProfileChanges['columns'] = {};

  if (input.name !== undefined) {
    const problem = nameProblem(input.name, ctx.email);
    if (problem) throw fieldError(problem, 'name');
    columns.name = input.name.trim();
  }
  if (input.gender !== undefined) {
    if (!includes(GENDERS, input.gender)) throw fieldError('invalid_choice', 'gender');
    columns.gender = input.gender as ProfileRow['gender'];
  }
  if (input.sexuality !== undefined) {
    if (!includes(SEXUALITIES, input.sexuality)) throw fieldError('invalid_choice', 'sexuality');
    if (!ctx.orientationConsent) {
      throw new AppError(400, 'consent_required', 'errors.orientation_consent_required', {}, 'sexuality');
    }
    columns.sexuality = input.sexuality as ProfileRow['sexuality'];
  }
  if (input.date_of_birth !== undefined) {
    const problem = dateOfBirthProblem(input.date_of_birth, ctx.minimumAge, ctx.today);
    if (problem) throw fieldError(problem, 'date_of_birth', { min_age: ctx.minimumAge });
    columns.birthDate = input.date_of_birth;
  }

  // Location: the country must be one of the site's; the region one of that country's. A new
  // country without a region clears the old one, which belongs to the old country.
  let country = ctx.current.country;
  if (input.country !== undefined) {
    country = input.country.trim().toUpperCase();
    if (!ctx.siteCountries.includes(country)) throw fieldError('country_not_served', 'country');
    columns.country = country;
  }
  const region = input.region !== undefined ? input.region.trim() : country !== ctx.current.country ? '' : undefined;
  if (region !== undefined) {
    if (region !== '' && !isRegionOf(country, region)) throw fieldError('unknown_region', 'region');
    columns.region = region;
  }
  if (input.city !== undefined) {
    const city = input.city.trim().replace(/\s+/g, ' ');
    if (city.length > CITY_MAX_LENGTH) throw fieldError('city_too_long', 'city', { max: CITY_MAX_LENGTH });
    columns.city = city;
  }
  place(input, ctx, columns, country);

  for (const [field, [column, options]] of Object.entries(OPTIONAL_OPTIONS)) {
    const value = input[field as keyof typeof OPTIONAL_OPTIONS];
    if (value === undefined) continue;
    if (value !== null && !includes(options, value)) throw fieldError('invalid_choice', field);
    columns[column] = value;
  }

  let interests: string[] | undefined;
  if (input.interests !== undefined) {
    interests = [...new Set(input.interests)];
    if (interests.some((id) => !includes(INTEREST_IDS, id))) throw fieldError('unknown_interest', 'interests');
    if (interests.length > MAX_INTERESTS) throw fieldError('too_many_interests', 'interests', { max: MAX_INTERESTS });
  }
  if (input.about !== undefined) {
    const about = input.about.trim();
    if (about.length > ABOUT_MAX_LENGTH) throw fieldError('about_too_long', 'about', { max: ABOUT_MAX_LENGTH });
    columns.about = about;
  }
  if (input.invisible !== undefined) columns.isInvisible = input.invisible;
  if (input.hide_activity !== undefined) columns.hideActivity = input.hide_activity;
  lookingFor(input, ctx, columns);
  return { columns, interests };
}

function lookingForAge(value: number | null | undefined, field: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Number.isInteger(value) || value < SEARCH_MIN_AGE || value > SEARCH_MAX_AGE) {
    throw fieldError('invalid_age', field, { min: SEARCH_MIN_AGE, max: SEARCH_MAX_AGE });
  }
  return value;
}

/** Whom the member looks for (decision 013): a gender or both, and an age range within the search limits. */
function lookingFor(input: TProfileUpdate, ctx: ValidationContext, columns: ProfileChanges['columns']) {
  if (input.looking_for_gender !== undefined) {
    const gender = input.looking_for_gender;
    if (gender !== null && !includes(LOOKING_FOR_GENDERS, gender)) throw fieldError('invalid_choice', 'looking_for_gender');
    // With the gender it reveals the orientation (decision 036): stored only with the consent; clearing is always allowed.
    if (gender !== null && !ctx.orientationConsent) {
      throw new AppError(400, 'consent_required', 'errors.looking_for_consent_required', {}, 'looking_for_gender');
    }
    columns.lookingForGender = gender as ProfileRow['lookingForGender'];
  }
  const min = lookingForAge(input.looking_for_min_age, 'looking_for_min_age');
  const max = lookingForAge(input.looking_for_max_age, 'looking_for_max_age');
  if (min !== undefined) columns.lookingForMinAge = min;
  if (max !== undefined) columns.lookingForMaxAge = max;
  // A partial update is checked against the stored bound it leaves as it is.
  const lowest = min !== undefined ? min : ctx.current.lookingForMinAge;
  const highest = max !== undefined ? max : ctx.current.lookingForMaxAge;
  if (lowest !== null && highest !== null && lowest > highest) throw fieldError('age_range_reversed', 'looking_for_max_age');
}

/**
 * The member's place, never finer than its ~1 km grid cell (decision 036). A sent location is
 * checked (a real point, in one of the site's countries) and snapped; null clears it. Without
 * one, a changed city or country moves the member to that city when the geocoder knows it, else
 * to nowhere: a point left from another city would give false distances.
 */
function place(input: TProfileUpdate, ctx: ValidationContext, columns: ProfileChanges['columns'], country: string) {
  let point: LatLon | null;
  if (input.location !== undefined) {
    if (input.location === null) point = null;
    else {
      if (!isValidLatLon(input.location)) throw fieldError('invalid_location', 'location');
      const where = countryAt(input.location.latitude, input.location.longitude);
      if (where === null || !ctx.siteCountries.includes(where)) throw fieldError('location_not_served', 'location');
      point = input.location;
    }
  } else {
    const city = columns.city ?? ctx.current.city ?? '';
    const moved =
      (columns.country !== undefined && columns.country !== ctx.current.country) ||
      (columns.city !== undefined && columns.city !== ctx.current.city);
    if (!moved) return;
    point = placeOfCity(country, city);
  }
  const cell = point === null ? null : snapToCell(point);
  columns.latitude = cell?.latitude ?? null;
  columns.longitude = cell?.longitude ?? null;
}
