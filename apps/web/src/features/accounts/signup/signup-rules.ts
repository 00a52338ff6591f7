import { z } from 'zod';
import { dateOfBirthProblem, nameProblem, passwordProblem } from '@cupido/shared/rules/accounts';
import { isValidEmail } from '@cupido/shared/rules/email';
import { ZSignupRequest } from '@cupido/shared/contracts/accounts';
import { SEEKINGS, type Seeking } from '@cupido/shared/rules/matching';
import { GENDERS, type Gender } from '@cupido/shared/rules/profile-options';
import { formSchema } from '../../../ui/form/form-schema';
import type { Problems, SiteLimits } from '../form/field-problems';

/** In the order the form shows them: who you are and whom you look for first (issue 28). */
export const SIGNUP_FIELDS = [
  'gender',
  'looking_for',
  'email',
  'name',
  'password',
  'date_of_birth',
  'country',
  'signup_message',
  'consent_terms',
  'consent_orientation_data',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

export interface SignupValues {
  /** 'male' | 'female', '' until chosen. */
  gender: string;
  /** 'male' | 'female' | 'both', '' until chosen. */
  looking_for: string;
  email: string;
  name: string;
  password: string;
  /** YYYY-MM-DD, or '' while day, month or year is missing. */
  date_of_birth: string;
  /** One of the site's countries; the form starts from the detected one. */
  country: string;
  signup_message: string;
  consent_terms: boolean;
  consent_orientation_data: boolean;
}

export const EMPTY_SIGNUP: SignupValues = {
  gender: '',
  looking_for: '',
  email: '',
  name: '',
  password: '',
  date_of_birth: '',
  country: '',
  signup_message: '',
  consent_terms: false,
  consent_orientation_data: false,
};

export const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);
export const isSeeking = (value: string): value is Seeking => (SEEKINGS as readonly string[]).includes(value);

/**
 * The country the form starts from: the one the visitor chose on a lander, else the detected one,
 * when the site serves it; else the site's first (as the server defaults). Never a fixed one.
 */
export function initialCountry(settings: {
  countries: readonly string[];
  geoip_country?: string | null;
  geoip_selected_country?: string | null;
}): string {
  const candidates = [settings.geoip_selected_country, settings.geoip_country];
  return candidates.find((code): code is string => !!code && settings.countries.includes(code)) ?? settings.countries[0] ?? '';
}

/** Spec section 5 with the shared rules the server applies too; the terms must be accepted, the orientation consent is optional (decision 012). */
export function signupProblems(values: SignupValues, { minimumAge, messageLength }: SiteLimits, today: Date): Problems<SignupField> {
  const problems: Problems<SignupField> = {};
  if (!isGender(values.gender)) problems.gender = 'gender_required';
  if (!isSeeking(values.looking_for)) problems.looking_for = 'looking_for_required';
  if (!isValidEmail(values.email)) problems.email = 'invalid_email';
  const name = nameProblem(values.name, values.email);
  if (name) problems.name = name;
  const password = passwordProblem(values.password);
  if (password) problems.password = password;
  const dateOfBirth = dateOfBirthProblem(values.date_of_birth, minimumAge, today);
  if (dateOfBirth) problems.date_of_birth = dateOfBirth;
  if (values.signup_message.trim().length > messageLength) problems.signup_message = 'signup_message_too_long';
  if (!values.consent_terms) problems.consent_terms = 'consent_required';
  return problems;
}

/**
 * The signup form's schema: the rules above (the server's own), then the request as it goes out
 * (trimmed; the first message only from a profile), parsed by the call's contract. The language
 * and the traffic source are added when sending.
 */
export function signupFormSchema(limits: SiteLimits, profileId: number | undefined) {
  return formSchema({
    fields: z.object({
      gender: z.string(),
      looking_for: z.string(),
      email: z.string(),
      name: z.string(),
      password: z.string(),
      date_of_birth: z.string(),
      country: z.string(),
      signup_message: z.string(),
      consent_terms: z.boolean(),
      consent_orientation_data: z.boolean(),
    }),
    rules: (values) => signupProblems(values, limits, new Date()),
    // Whom the member looks for goes out always: the server keeps it only with the orientation
    // consent; without it the form keeps it in this tab (session-seeking.ts, decision 036).
    request: (values) => ({
      email: values.email.trim(),
      name: values.name.trim(),
      password: values.password,
      date_of_birth: values.date_of_birth,
      gender: values.gender,
      looking_for: values.looking_for,
      country: values.country,
      ...(profileId ? { signup_profile_id: profileId, signup_message: values.signup_message.trim() || undefined } : {}),
      consent_terms: values.consent_terms,
      consent_orientation_data: values.consent_orientation_data,
    }),
    contract: ZSignupRequest,
  });
}
