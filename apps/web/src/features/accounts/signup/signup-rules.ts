import { dateOfBirthProblem, isValidEmail, nameProblem, passwordProblem } from '@cupido/shared/account-rules';
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
