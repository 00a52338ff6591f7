import type { TFunction } from 'i18next';
import {
  DELETE_REMARKS_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@cupido/shared/rules/accounts';
import { INVALID_CHARACTERS } from '@cupido/shared/contracts/input';

/** A client-side validation result: the same codes the server answers with (spec section 5). */
const PROBLEM_CODES = [
  'gender_required',
  'looking_for_required',
  'invalid_email',
  'name_required',
  'name_too_long',
  'name_equals_email',
  'name_starts_with_at',
  'password_required',
  'password_too_short',
  'password_too_long',
  'date_of_birth_required',
  'invalid_date_of_birth',
  'consent_required',
  'signup_message_too_long',
  'passwords_not_equal',
  'reason_required',
  'remarks_too_long',
  'confirmation_required',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export type Problems<F extends string> = Partial<Record<F, ProblemCode>>;

/** The site's numbers a message may name: minimum age, and the first message's length (settings.message_length). */
export interface SiteLimits {
  minimumAge: number;
  messageLength: number;
}

export function isProblemCode(code: string): code is ProblemCode {
  return (PROBLEM_CODES as readonly string[]).includes(code);
}

/**
 * The text of a code a form schema put under a field: a problem of the spec's rules, or a value
 * the call's contract refuses (invalid_characters: a NUL byte or a broken character; anything
 * else is named plainly as not valid).
 */
export function accountMessage(t: TFunction<'accounts'>, code: string, limits: SiteLimits): string {
  if (isProblemCode(code)) return problemMessage(t, code, limits);
  return code === INVALID_CHARACTERS ? t('errors.invalid_characters') : t('errors.invalid_value');
}

/** The translated message of a problem, with the numbers the rules use. */
export function problemMessage(t: TFunction<'accounts'>, code: ProblemCode, limits: SiteLimits): string {
  const params = {
    min: code.startsWith('name') ? NAME_MIN_LENGTH : PASSWORD_MIN_LENGTH,
    max: code.startsWith('name')
      ? NAME_MAX_LENGTH
      : code === 'signup_message_too_long'
        ? limits.messageLength
        : code === 'remarks_too_long'
          ? DELETE_REMARKS_MAX_LENGTH
          : PASSWORD_MAX_LENGTH,
    min_age: limits.minimumAge,
  };
  return t(`errors.${code}`, params);
}
