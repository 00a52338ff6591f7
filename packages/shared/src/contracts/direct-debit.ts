import { z } from 'zod';
import { zText } from './input';
import { DISCOUNT_CODE_MAX_LENGTH } from '../rules/payments';
import { ZCreatePaymentAnswer, ZPackageId, ZPaymentCountry, zIdempotencyKey } from './payments';

/**
 * Direct debit (spec sections 3, 4, 5 and 8; issue 14, decision 032): the form, its SMS code and
 * the answers of POST /api/directdebit.php.
 */

export const DIRECT_DEBIT_CODE_LENGTH = 6;
export const DIRECT_DEBIT_CODE_TTL_MINUTES = 10;
export const DIRECT_DEBIT_MAX_ATTEMPTS = 5;
/** A new code at most this often. */
export const DIRECT_DEBIT_RESEND_SECONDS = 30;

/** The spec's phone rule: dashes and whitespace stripped. */
export function stripPhone(phone: string): string {
  return phone.replace(/[-\s]/g, '');
}

export const ZDirectDebitForm = z
  .object({
    package_id: ZPackageId,
    country: ZPaymentCountry,
    account_holder: zText(200).trim().min(2).max(100),
    iban: zText(100).trim().min(15).max(42),
    street: zText(200).trim().min(1).max(100),
    house_number: zText(50).trim().min(1).max(20),
    zip: zText(50).trim().min(2).max(12),
    city: zText(200).trim().min(1).max(100),
    phone: zText(50)
      .transform(stripPhone)
      .pipe(z.string().regex(/^\+?[0-9]{6,16}$/, 'a phone number')),
    /** The authorization checkbox (spec section 5: required). */
    authorization: z.literal(true),
    withdrawal_consent: z.literal(true),
    discount_code: zText(DISCOUNT_CODE_MAX_LENGTH).trim().max(DISCOUNT_CODE_MAX_LENGTH).optional(),
    /** The SMS code; without it the call sends one. */
    otp: z
      .string()
      .trim()
      .regex(/^[0-9]{4,8}$/, 'the code from the SMS')
      .optional(),
    /** With no otp: send a new code even though one was sent (the resend link). */
    resend: z.boolean().optional(),
    idempotency_key: zIdempotencyKey(),
  })
  .strict();
export type TDirectDebitForm = z.input<typeof ZDirectDebitForm>;

export const ZDirectDebitAnswer = z.union([
  z.object({ code_sent: z.literal(true), phone_hint: z.string().meta({ description: 'The last digits of the number the code went to' }) }),
  ZCreatePaymentAnswer,
]);
export type TDirectDebitAnswer = z.infer<typeof ZDirectDebitAnswer>;
