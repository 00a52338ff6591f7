import { z } from 'zod';
import { dateOfBirthProblem, isValidEmail, nameProblem, passwordProblem } from '@cupido/shared/account-rules';
import { ZSignupRequest } from '@cupido/shared/accounts';
import { formSchema } from '../../../ui/form/form-schema';
import type { Problems, SiteLimits } from '../form/field-problems';

export const SIGNUP_FIELDS = [
  'email',
  'name',
  'password',
  'date_of_birth',
  'signup_message',
  'consent_terms',
  'consent_orientation_data',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

export interface SignupValues {
  email: string;
  name: string;
  password: string;
  /** YYYY-MM-DD, or '' while day, month or year is missing. */
  date_of_birth: string;
  signup_message: string;
  consent_terms: boolean;
  consent_orientation_data: boolean;
}

export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  name: '',
  password: '',
  date_of_birth: '',
  signup_message: '',
  consent_terms: false,
  consent_orientation_data: false,
};

/** Spec section 5 with the shared rules the server applies too; the terms must be accepted, the orientation consent is optional (decision 012). */
export function signupProblems(values: SignupValues, { minimumAge, messageLength }: SiteLimits, today: Date): Problems<SignupField> {
  const problems: Problems<SignupField> = {};
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
      email: z.string(),
      name: z.string(),
      password: z.string(),
      date_of_birth: z.string(),
      signup_message: z.string(),
      consent_terms: z.boolean(),
      consent_orientation_data: z.boolean(),
    }),
    rules: (values) => signupProblems(values, limits, new Date()),
    request: (values) => ({
      email: values.email.trim(),
      name: values.name.trim(),
      password: values.password,
      date_of_birth: values.date_of_birth,
      ...(profileId ? { signup_profile_id: profileId, signup_message: values.signup_message.trim() || undefined } : {}),
      consent_terms: values.consent_terms,
      consent_orientation_data: values.consent_orientation_data,
    }),
    contract: ZSignupRequest,
  });
}
