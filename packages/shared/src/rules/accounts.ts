/**
 * Account rules without zod: limits, lifetimes, rate limits and the validation rules of spec
 * section 5. The web app's account screens import this file, so they need not download zod.
 */

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
import { normalizeEmail } from './email';
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 cost grows with input; a cap keeps one request from burning a core. */
export const PASSWORD_MAX_LENGTH = 128;
export const DELETE_REMARKS_MAX_LENGTH = 1000;
/** The message typed at signup; each site caps it further at its message_length. */
export const SIGNUP_MESSAGE_MAX_LENGTH = 5000;
export const OLDEST_AGE = 120;

/** Token lifetimes. Reactivation lasts as long as the account is pending deletion. */
export const ACTIVATION_TOKEN_HOURS = 7 * 24;
export const PASSWORD_RESET_TOKEN_HOURS = 2;
export const MAIL_CHANGE_TOKEN_HOURS = 24;
/** The "This was not me" link of a security notice (decision 012). */
export const SECURITY_UNDO_TOKEN_HOURS = 7 * 24;

/** Rate limits (trust.md: login, signup, password reset). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 30;
export const LOGIN_LOCK_MINUTES = 15;
export const RESET_MAILS_PER_ACCOUNT_PER_DAY = 3;
export const RESET_MAILS_PER_IP_PER_DAY = 20;
export const SIGNUPS_PER_IP_PER_HOUR = 10;
export const ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR = 5;

/**
 * 'suspended' (until users.suspended_until, then active again) and 'terminated' (for good) are
 * moderation decisions taken in the back office (issue 13); like every status but 'active' they
 * keep the profile out of sight (the account_usable trigger) and refuse login.
 */
export const ACCOUNT_STATUSES = ['not_confirmed', 'active', 'pending_deletion', 'erased', 'suspended', 'terminated'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const DELETE_REASONS = ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

export const NOTIFICATIONS_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;

/**
 * Consents (trust.md): the terms and the processing of orientation data, recorded at signup; the
 * use of ad-tracking parameters, from the consent banner. The database's CHECK on consents.kind
 * is built from this list (decision 020): a new kind is added here and migrated.
 */
/** marketing_mail: promotions and news by e-mail or push (issue 30), given by turning one of them on. */
export const CONSENT_KINDS = ['terms', 'orientation_data', 'ad_tracking', 'marketing_mail'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Pure validation rules (spec section 5). Each returns an error code or null.
// ---------------------------------------------------------------------------------------------

export type NameProblem = 'name_required' | 'name_too_long' | 'name_equals_email' | 'name_starts_with_at';

export function nameProblem(name: string, email: string): NameProblem | null {
  const value = name.trim();
  // The e-mail rules first: an address typed as the name is usually longer than a name may be.
  if (value.startsWith('@')) return 'name_starts_with_at';
  if (value.length > 0 && normalizeEmail(value) === normalizeEmail(email)) return 'name_equals_email';
  if (value.length < NAME_MIN_LENGTH) return 'name_required';
  if (value.length > NAME_MAX_LENGTH) return 'name_too_long';
  return null;
}

export type PasswordProblem = 'password_too_short' | 'password_too_long';

export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  return null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Full years between a YYYY-MM-DD birth date and `today` (UTC), or null for a date that does not exist. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const match = DATE_PATTERN.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export type DateOfBirthProblem = 'date_of_birth_required' | 'invalid_date_of_birth';

/**
 * 'date_of_birth_required' is the message 'Enter your date of birth ({min_age}+)': missing or
 * too young. 'invalid_date_of_birth' is a date that does not exist or lies in the future or
 * more than OLDEST_AGE years back.
 */
export function dateOfBirthProblem(dateOfBirth: string, minimumAge: number, today: Date): DateOfBirthProblem | null {
  if (!dateOfBirth) return 'date_of_birth_required';
  const age = ageOn(dateOfBirth, today);
  if (age === null || age < 0 || age > OLDEST_AGE) return 'invalid_date_of_birth';
  if (age < minimumAge) return 'date_of_birth_required';
  return null;
}
