import { z } from 'zod';
import { zText } from './input';
import { ZStaffRole } from './staff';

/**
 * Contracts of staff access (issue 13, decision 062): the back office's login with
 * password and TOTP, the TOTP setup with its recovery codes, and the staff list. The server
 * validates with them and the back office's forms use the same schemas.
 */

/** Staff passwords are longer than members' (staff can see and change every member's data). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 200;
/** How many one-time recovery codes the TOTP setup hands out (each shown once). */
export const STAFF_RECOVERY_CODE_COUNT = 10;
/** The issuer authenticator apps show beside the account. */
export const STAFF_TOTP_ISSUER = 'Cupido back office';

const email = z.string().trim().toLowerCase().email().max(254);

export const ZStaffLoginRequest = z.object({
  // zText: no NUL byte or lone surrogate, which PostgreSQL text cannot hold (decision 023).
  email: zText(254).trim().min(1),
  password: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
});
export type TStaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

/** What the login asks next: the first login sets TOTP up, later ones enter a code. */
export const ZStaffLoginAnswer = z.object({ next: z.enum(['totp_setup', 'totp']) });
export type TStaffLoginAnswer = z.infer<typeof ZStaffLoginAnswer>;

/** A new secret for the authenticator app: scanned from the QR code or typed from `secret`. */
export const ZStaffTotpSetupAnswer = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** An SVG image as a data: URL (shows the otpauth URI). */
  qr_code: z.string(),
});
export type TStaffTotpSetupAnswer = z.infer<typeof ZStaffTotpSetupAnswer>;

export const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6 digits your authenticator app shows.');

export const ZStaffTotpConfirmRequest = z.object({ code: ZTotpCode });
export const ZStaffTotpConfirmAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type TStaffTotpConfirmAnswer = z.infer<typeof ZStaffTotpConfirmAnswer>;

/** A recovery code as shown: four groups of four letters or digits, e.g. `k7qm-2xdp-9hzt-c4nw`. */
export const ZRecoveryCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{4}(-?[a-z0-9]{4}){3}$/, 'Enter a recovery code as shown, e.g. abcd-efgh-jkmn-pqrs.');

export const ZStaffTotpVerifyRequest = z.union([
  z.object({ code: ZTotpCode }).strict(),
  z.object({ recovery_code: ZRecoveryCode }).strict(),
]);
export type TStaffTotpVerifyRequest = z.infer<typeof ZStaffTotpVerifyRequest>;
export const ZStaffTotpVerifyAnswer = z.object({ ok: z.literal(true), recovery_codes_left: z.number().int() });

export const ZStaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  /** Whether TOTP is set up (false until the first login finished). */
  totp_set_up: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffListAnswer = z.object({ staff: z.array(ZStaffMember) });
export const ZStaffAnswer = z.object({ staff: ZStaffMember });

export const ZStaffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, `At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`)
  .max(STAFF_PASSWORD_MAX_LENGTH, `At most ${STAFF_PASSWORD_MAX_LENGTH} characters.`);

export const ZStaffCreateRequest = z.object({
  email,
  name: zText(100).trim().min(1, 'Enter a name.'),
  role: ZStaffRole,
  password: ZStaffPassword,
});
export type TStaffCreateRequest = z.infer<typeof ZStaffCreateRequest>;

/** A role change, disabling (which ends the member's sessions) or enabling again. */
export const ZStaffUpdateRequest = z
  .object({ role: ZStaffRole.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'Change the role or the disabled state.' });
export type TStaffUpdateRequest = z.infer<typeof ZStaffUpdateRequest>;
