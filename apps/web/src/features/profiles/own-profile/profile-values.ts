/**
 * The own-profile form's values and what a save sends: PUT /api/profile.php is a partial update,
 * so only the attributes the member changed go out (country and region always together, as a
 * region belongs to its country).
 */
import { z } from 'zod';
import { dateOfBirthProblem, nameProblem, type NameProblem } from '@cupido/shared/rules/accounts';
import type { TOwnProfile, TProfileUpdate } from '@cupido/shared/contracts/profiles';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, MAX_INTERESTS } from '../profile-limits';

export const OPTIONAL_ATTRIBUTES = ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'signup_reason'] as const;
export type OptionalAttribute = (typeof OPTIONAL_ATTRIBUTES)[number];

export interface ProfileValues extends Record<OptionalAttribute, string> {
  name: string;
  gender: string;
  sexuality: string;
  date_of_birth: string;
  country: string;
  region: string;
  city: string;
  interests: string[];
  about: string;
  /** Whom the member looks for (decision 013); '' is "not chosen" (a default is derived). */
  looking_for_gender: string;
  looking_for_min_age: string;
  looking_for_max_age: string;
}

export type ProfileField = keyof ProfileValues;

/** What the form's inputs hold: strings ('' for none), the interests as a list of ids. */
export const ZProfileValues: z.ZodType<ProfileValues, ProfileValues> = z.object({
  name: z.string(),
  gender: z.string(),
  sexuality: z.string(),
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  hair_color: z.string(),
  eye_color: z.string(),
  body_type: z.string(),
  relationship_status: z.string(),
  tattoos: z.string(),
  signup_reason: z.string(),
  interests: z.array(z.string()),
  about: z.string(),
  looking_for_gender: z.string(),
  looking_for_min_age: z.string(),
  looking_for_max_age: z.string(),
});

export function valuesOf(profile: TOwnProfile): ProfileValues {
  return {
    name: profile.name,
    gender: profile.gender ?? '',
    sexuality: profile.sexuality ?? '',
    date_of_birth: profile.date_of_birth,
    country: profile.country,
    region: profile.region,
    city: profile.city,
    hair_color: profile.hair_color ?? '',
    eye_color: profile.eye_color ?? '',
    body_type: profile.body_type ?? '',
    relationship_status: profile.relationship_status ?? '',
    tattoos: profile.tattoos ?? '',
    signup_reason: profile.signup_reason ?? '',
    interests: [...profile.interests],
    about: profile.about,
    looking_for_gender: profile.looking_for_gender ?? '',
    looking_for_min_age: profile.looking_for_min_age?.toString() ?? '',
    looking_for_max_age: profile.looking_for_max_age?.toString() ?? '',
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The update of a save: the changed attributes only; '' clears an optional attribute (null). */
export function changesOf(values: ProfileValues, saved: ProfileValues): TProfileUpdate {
  const changes: TProfileUpdate = {};
  if (values.name !== saved.name) changes.name = values.name;
  if (values.gender && values.gender !== saved.gender) changes.gender = values.gender;
  if (values.sexuality && values.sexuality !== saved.sexuality) changes.sexuality = values.sexuality;
  if (values.date_of_birth && values.date_of_birth !== saved.date_of_birth) changes.date_of_birth = values.date_of_birth;
  if (values.country !== saved.country || values.region !== saved.region) {
    changes.country = values.country;
    changes.region = values.region;
  }
  if (values.city !== saved.city) changes.city = values.city;
  for (const attribute of OPTIONAL_ATTRIBUTES) {
    if (values[attribute] !== saved[attribute]) changes[attribute] = values[attribute] || null;
  }
  if (!sameSet(values.interests, saved.interests)) changes.interests = values.interests;
  if (values.about !== saved.about) changes.about = values.about;
  if (values.looking_for_gender !== saved.looking_for_gender) changes.looking_for_gender = values.looking_for_gender || null;
  for (const bound of ['looking_for_min_age', 'looking_for_max_age'] as const) {
    if (values[bound] !== saved[bound]) changes[bound] = values[bound] ? Number(values[bound]) : null;
  }
  return changes;
}

export type ProfileProblem =
  | NameProblem
  | 'date_of_birth_required'
  | 'invalid_date_of_birth'
  | 'city_too_long'
  | 'about_too_long'
  | 'too_many_interests'
  | 'age_range_reversed';

/** The client's checks, the same the server makes (account rules and the profile limits). */
export function profileProblems(
  values: ProfileValues,
  email: string,
  minimumAge: number,
  today: Date,
): Partial<Record<ProfileField, ProfileProblem>> {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  const name = nameProblem(values.name, email);
  if (name) problems.name = name;
  const birth = dateOfBirthProblem(values.date_of_birth, minimumAge, today);
  if (birth) problems.date_of_birth = birth;
  if (values.city.trim().replace(/\s+/g, ' ').length > CITY_MAX_LENGTH) problems.city = 'city_too_long';
  if (values.interests.length > MAX_INTERESTS) problems.interests = 'too_many_interests';
  if (values.about.trim().length > ABOUT_MAX_LENGTH) problems.about = 'about_too_long';
  const [min, max] = [values.looking_for_min_age, values.looking_for_max_age];
  if (min && max && Number(min) > Number(max)) problems.looking_for_max_age = 'age_range_reversed';
  return problems;
}
