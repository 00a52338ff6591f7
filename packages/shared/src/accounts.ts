import { z } from 'zod';
import { ZCountryCode, ZLocaleCode } from './contracts';

/**
 * Accounts: the contracts of signup, activation, login, password and e-mail changes and
 * deletion, and the validation rules of spec section 5 that the signup form and the server
 * both apply. The server is the authority; the web app runs the same rules to answer at once.
 */

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 cost grows with input; a cap keeps one request from burning a core. */
export const PASSWORD_MAX_LENGTH = 128;
export const DELETE_REMARKS_MAX_LENGTH = 1000;
export const OLDEST_AGE = 120;

/** Token lifetimes. Reactivation lasts as long as the account is pending deletion. */
export const ACTIVATION_TOKEN_HOURS = 7 * 24;
export const PASSWORD_RESET_TOKEN_HOURS = 2;
export const MAIL_CHANGE_TOKEN_HOURS = 24;

/** Rate limits (trust.md: login, signup, password reset). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 30;
export const LOGIN_LOCK_MINUTES = 15;
export const RESET_MAILS_PER_ACCOUNT_PER_DAY = 3;
export const RESET_MAILS_PER_IP_PER_DAY = 20;
export const SIGNUPS_PER_IP_PER_HOUR = 10;
export const ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR = 5;

export const ACCOUNT_STATUSES = ['not_confirmed', 'active', 'pending_deletion', 'erased'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const DELETE_REASONS = ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

export const NOTIFICATIONS_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;

/** Consents recorded at signup (trust.md): the terms, and processing of orientation data. */
export const CONSENT_KINDS = ['terms', 'orientation_data'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Pure validation rules (spec section 5). Each returns an error code or null.
// ---------------------------------------------------------------------------------------------

/** Deliberately simple: one @, a dot in the domain, no spaces. Deliverability is the mail's job. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export type NameProblem = 'name_required' | 'name_too_long' | 'name_equals_email' | 'name_starts_with_at';

export function nameProblem(name: string, email: string): NameProblem | null {
  const value = name.trim();
  if (value.length < NAME_MIN_LENGTH) return 'name_required';
  if (value.length > NAME_MAX_LENGTH) return 'name_too_long';
  if (value.startsWith('@')) return 'name_starts_with_at';
  if (normalizeEmail(value) === normalizeEmail(email)) return 'name_equals_email';
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
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
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

// ---------------------------------------------------------------------------------------------
// Contracts
// ---------------------------------------------------------------------------------------------

export const ZMainImage = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.string().meta({ description: "'active' when the photo can be shown" }),
});

/** The logged-in user of spec section 3. */
export const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  /** A requested new address, waiting for its confirmation link; null when none. */
  pending_email: z.string().nullable(),
  language: ZLocaleCode,
  status: z.enum(['not_confirmed', 'active']),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string().meta({ description: 'ISO date-time of signup' }),
  fictional_icon: z.string(),
  notifications_disabled: z.array(z.enum(NOTIFICATIONS_DISABLED_REASONS)),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    country: ZCountryCode,
    status: z.string().meta({ description: "'active', or 'disabled' when hidden by moderation" }),
    main_image: ZMainImage.nullable(),
  }),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserAnswer = z.object({ user: ZUser });
/** GET /api/user.php: the member, or null for a visitor. */
export const ZUserOrNullAnswer = z.object({ user: ZUser.nullable() });
export const ZOkAnswer = z.object({ ok: z.literal(true) });

const email = z.string().max(EMAIL_MAX_LENGTH * 2);
const password = z.string().max(PASSWORD_MAX_LENGTH * 4);

export const ZTracking = z
  .record(z.string().max(20), z.string().max(200))
  .refine((tracking) => Object.keys(tracking).length <= 20, 'too many tracking parameters')
  .meta({ description: 'Traffic source read from the landing URL (spec section 3, tracking data: network, ref, sub1-3, ...)' });

/** A traffic source is known when any tracking parameter but the e-mail address has a value. */
export function hasTrafficSource(tracking: Record<string, string> | undefined): boolean {
  return Object.entries(tracking ?? {}).some(([key, value]) => key !== 'email' && value.trim() !== '');
}

export const ZSignupRequest = z.object({
  email,
  name: z.string().max(NAME_MAX_LENGTH * 4),
  password,
  date_of_birth: z.string().max(10),
  signup_message: z.string().max(5000).optional(),
  /** The profile the first message goes to (signup from a profile page). */
  signup_profile_id: z.number().int().positive().optional(),
  consent_terms: z.boolean(),
  consent_orientation_data: z.boolean(),
  language: ZLocaleCode.optional(),
  tracking: ZTracking.optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZLoginRequest = z.object({ email, password });
export const ZLanguageRequest = z.object({ language: ZLocaleCode });
export const ZEmailRequest = z.object({ email, language: ZLocaleCode.optional() });
export const ZTokenRequest = z.object({ token: z.string().min(1).max(200) });
export const ZTokenQuery = z.object({ token: z.string().max(200).optional() });
export const ZResetPasswordDoRequest = z.object({
  token: z.string().min(1).max(200),
  password,
  password_confirmation: password,
});
export const ZChangePasswordRequest = z.object({ old_password: password, new_password: password });
export const ZChangeEmailRequest = z.object({ email });
export const ZDeleteAccountRequest = z.object({
  reason: z.enum(DELETE_REASONS),
  remarks: z.string().max(DELETE_REMARKS_MAX_LENGTH * 2).optional(),
  confirm: z.boolean().meta({ description: 'Must be true: the member confirmed the deletion' }),
});
export const ZSentAnswer = z.object({ sent: z.literal(true) });

/**
 * Stable error codes of the account calls (spec section 8). `field` in the error names the form
 * field the message belongs to.
 */
export const ACCOUNT_ERROR_CODES = [
  'invalid_email',
  'email_exists',
  'account_pending_deletion',
  'signups_closed',
  'name_required',
  'name_too_long',
  'name_equals_email',
  'name_starts_with_at',
  'password_too_short',
  'password_too_long',
  'date_of_birth_required',
  'invalid_date_of_birth',
  'consent_required',
  'signup_message_too_long',
  'too_many_signups',
  'login_failed',
  'login_blocked',
  'email_not_found',
  'too_many_reset_mails',
  'too_many_mails',
  'passwords_not_equal',
  'token_invalid',
  'old_password_wrong',
  'email_taken',
  'confirmation_required',
  'remarks_too_long',
  'already_confirmed',
  'authentication_required',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
