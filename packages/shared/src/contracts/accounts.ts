import { z } from 'zod';
import { ZCountryCode, ZLocaleCode } from './contracts';
import { zId, zText } from './input';
import { ZTimeZone } from './likes';

/**
 * Accounts: the contracts of signup, activation, login, password and e-mail changes and
 * deletion, and the validation rules of spec section 5 that the signup form and the server
 * both apply. The server is the authority; the web app runs the same rules to answer at once.
 */

import {
  DELETE_REASONS,
  NOTIFICATIONS_DISABLED_REASONS,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  DELETE_REMARKS_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '../rules/accounts';
import { EMAIL_MAX_LENGTH } from '../rules/email';
import { LANDING_PAGE_MAX } from '../rules/tracking';

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
  /** The browser's IANA time zone the member's day counts in (daily Likes); null until the browser told it. */
  time_zone: z.string().nullable(),
  status: z.enum(['not_confirmed', 'active']),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string().meta({ description: 'ISO date-time of signup' }),
  /** When the member confirmed the e-mail address (the welcome offer's four hours start here); null before. */
  activated_at: z.string().nullable().meta({ description: 'ISO date-time of activation (e-mail confirmed); null before' }),
  fictional_icon: z.string(),
  notifications_disabled: z.array(z.enum(NOTIFICATIONS_DISABLED_REASONS)),
  /** Whether the member's consent to use their sexual orientation stands (withdrawn in the settings). */
  orientation_consent: z.boolean(),
  /**
   * The ad-tracking consent on the server (decision 024): true while given, false once withdrawn,
   * null when never given (the browser's own choice applies).
   */
  ad_tracking_consent: z.boolean().nullable(),
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
/**
 * POST /api/mail-change-do.php: the logged-in member after the change, the confirmed address, and
 * whether it belonged to another account than the one logged in here (whose session then stays).
 */
export const ZMailChangeAnswer = ZUserAnswer.extend({
  email: z.string().meta({ description: 'The address the link confirmed' }),
  other_account: z
    .boolean()
    .meta({ description: "True when another member is logged in here: the change was made for the link's account, this session stays" }),
});
export type TMailChangeAnswer = z.infer<typeof ZMailChangeAnswer>;
/** GET /api/user.php: the member, or null for a visitor. */
export const ZUserOrNullAnswer = z.object({ user: ZUser.nullable() });
export const ZOkAnswer = z.object({ ok: z.literal(true) });

const email = zText(EMAIL_MAX_LENGTH * 2);
const password = zText(PASSWORD_MAX_LENGTH * 4);
const token = zText(200);

// Taken loosely on purpose: an over-long or malformed value (the URL's, which anyone can write) is
// cut or dropped by cleanTracking (shared/rules/tracking.ts) before it is kept, never refused with the
// signup it came with (issue 31). The bounds only stop abuse.
export const ZTracking = z
  .record(z.string().max(40), z.string().max(2000))
  .refine((tracking) => Object.keys(tracking).length <= 20, 'too many tracking parameters')
  .meta({ description: 'Traffic source read from the landing URL (spec section 3, tracking data: network, ref, sub1-3, ...)' });

/** A traffic source is known when any tracking parameter but the e-mail address has a value. */
export function hasTrafficSource(tracking: Record<string, string> | undefined): boolean {
  return Object.entries(tracking ?? {}).some(([key, value]) => key !== 'email' && value.trim() !== '');
}

export const ZSignupRequest = z.object({
  email,
  name: zText(NAME_MAX_LENGTH * 4),
  password,
  date_of_birth: zText(10),
  // Optional here so a missing choice gets the same translated 400 as a wrong one (validateSignup).
  gender: zText(10).optional().meta({ description: 'Required: male | female ("I am a man / a woman")' }),
  looking_for: zText(10).optional().meta({
    description:
      'Required: male | female | both. Stored only with consent_orientation_data (art. 9, decision 036); without it the browser keeps it',
  }),
  country: zText(2)
    .optional()
    .meta({ description: "One of the site's countries; default: the detected country when served, else the site's first" }),
  signup_message: zText(SIGNUP_MESSAGE_MAX_LENGTH).optional(),
  /** The profile the first message goes to (signup from a profile page). */
  signup_profile_id: zId().optional(),
  consent_terms: z.boolean(),
  /** Optional (decision 012): without it the orientation is not stored; it can be given later in the settings. */
  consent_orientation_data: z.boolean().optional(),
  language: ZLocaleCode.optional(),
  tracking: ZTracking.optional(),
  /** The visitor accepted ad tracking (decision 024): only then is `tracking` stored; without it it only opens the signup gate. */
  consent_ad_tracking: z.boolean().optional(),
  // Read from the browser's address bar like the tracking values: cleaned (cleanLandingPage), never refused.
  landing_page: z
    .string()
    .max(LANDING_PAGE_MAX * 10)
    .optional()
    .meta({
      description:
        'The path the visit began on (a lander such as /landers/tinderswipe), for the traffic figures; a value that is no path is ignored',
    }),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZLoginRequest = z.object({ email, password });
/** PUT /api/user.php: the member's language and/or their browser's time zone (issue 11). */
export const ZLanguageRequest = z.object({ language: ZLocaleCode.optional(), time_zone: ZTimeZone.optional() });
export const ZEmailRequest = z.object({ email, language: ZLocaleCode.optional() });
export const ZTokenRequest = z.object({ token: token.min(1) });
export const ZTokenQuery = z.object({ token: token.optional() });
export const ZResetPasswordDoRequest = z.object({
  token: token.min(1),
  password,
  password_confirmation: password,
});
export const ZChangePasswordRequest = z.object({ old_password: password, new_password: password });
/** The current password proves it is the member, not someone at their unlocked device (decision 023). */
const currentPassword = password.meta({ description: "The member's current password; wrong: 400 old_password_wrong on this field" });
export const ZChangeEmailRequest = z.object({ email, current_password: currentPassword });
export const ZDeleteAccountRequest = z.object({
  reason: z.enum(DELETE_REASONS),
  remarks: zText(DELETE_REMARKS_MAX_LENGTH * 2).optional(),
  confirm: z.boolean().meta({ description: 'Must be true: the member confirmed the deletion' }),
  current_password: currentPassword,
});
/** POST /api/consent.php: give or withdraw a revocable consent (orientation data, ad tracking). */
export const ZConsentRequest = z.object({
  kind: z.enum(['orientation_data', 'ad_tracking']),
  granted: z.boolean(),
  /**
   * With ad_tracking given: the parameters this browser kept for the visit that brought the member
   * (decision 024). Stored on the account only when it holds none yet (the signup's stay).
   */
  tracking: ZTracking.optional(),
});
export type TConsentRequest = z.infer<typeof ZConsentRequest>;
export const ZSentAnswer = z.object({ sent: z.literal(true) });
/** POST /api/not-me.php: the account is locked and a reset link went to this (restored) address. */
export const ZNotMeAnswer = z.object({ locked: z.literal(true), email: z.string() });

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
  'email_unchanged',
  'account_locked',
  /** 429: too many wrong current passwords in the settings (e-mail, password, deletion). */
  'password_attempts_blocked',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
