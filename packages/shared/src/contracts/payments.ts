import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from '../rules/countries';
import { INT32_MAX, zText } from './input';
import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_STATUSES,
  DISCOUNT_VALIDITIES,
  PACKAGE_AMOUNT_MAX,
  PACKAGE_IDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../rules/payments';

/**
 * Credits shop and payments (issue 14, docs/decisions/032-payments.md): the contracts of the
 * member's calls and the site's package settings; the rules they follow are in shared/rules/payments.ts. Money is always an
 * integer in minor units (cents); a price is what the member pays, VAT included.
 */

export const ZPaymentMethod = z.enum(PAYMENT_METHODS);

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const ZPackageId = z.enum(PACKAGE_IDS);

export const ZCreditPackageSetting = z
  .object({
    id: ZPackageId,
    credits: z.number().int().min(1).max(1_000_000),
    /** The price, VAT included, in the site's currency's minor units. */
    amount: z.number().int().min(1).max(PACKAGE_AMOUNT_MAX),
    popular: z.boolean(),
  })
  .strict();
export type TCreditPackageSetting = z.infer<typeof ZCreditPackageSetting>;

/** A site's four packages: p0 to p3 in order, exactly one popular. */
export const ZCreditPackageSettings = z
  .array(ZCreditPackageSetting)
  .length(PACKAGE_IDS.length)
  .refine((list) => list.every((p, i) => p.id === PACKAGE_IDS[i]), 'the packages p0, p1, p2 and p3, in this order')
  .refine((list) => list.filter((p) => p.popular).length === 1, 'exactly one package marked popular');

export const DEFAULT_CREDIT_PACKAGES: TCreditPackageSetting[] = [
  { id: 'p0', credits: 50, amount: 995, popular: false },
  { id: 'p1', credits: 120, amount: 1995, popular: true },
  { id: 'p2', credits: 300, amount: 3995, popular: false },
  { id: 'p3', credits: 800, amount: 8995, popular: false },
];
/** The discount code object of spec section 3, as GET /api/discountcode.php answers it. */
export const ZDiscountCode = z.object({
  code: z.string(),
  country: z.string().nullable().meta({ description: 'Only for members paying from this country; null for any' }),
  user_id: z.number().int().nullable().meta({ description: 'Only for this member; null for anyone' }),
  expires: z.string().nullable().meta({ description: "ISO 8601; for TIMEBONUS25 the end of the member's 4 hours" }),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int().nullable().meta({ description: 'Minor units; null for none' }),
  status: z.enum(DISCOUNT_STATUSES),
  validity: z.enum(DISCOUNT_VALIDITIES),
  expired: z.boolean(),
  paymentmethods: z.array(ZPaymentMethod).meta({ description: 'Methods the code may be paid with; empty for all' }),
});
export type TDiscountCode = z.infer<typeof ZDiscountCode>;

export const ZDiscountCodeQuery = z.looseObject({
  code: zText(DISCOUNT_CODE_MAX_LENGTH).trim().min(1).max(DISCOUNT_CODE_MAX_LENGTH).optional(),
  welcome: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: "true: the member's welcome discount (TIMEBONUS25 while the time bonus runs)" }),
  package_id: ZPackageId.optional().meta({ description: 'Check the minimum order value against this package' }),
  method: ZPaymentMethod.optional().meta({ description: 'Check the allowed payment methods' }),
});

// ---------------------------------------------------------------------------------------------
// The member's calls.

export const ZPaymentCountry = z.enum(COUNTRY_CODES as [CountryCode, ...CountryCode[]]);

/** GET /api/credit-packages.php?country=&code= */
export const ZPackagesQuery = z.looseObject({
  country: ZPaymentCountry.optional().meta({
    description: "The payment country; the member's profile country (or the site's first) without it",
  }),
  code: zText(DISCOUNT_CODE_MAX_LENGTH).trim().max(DISCOUNT_CODE_MAX_LENGTH).optional(),
});

export const ZCreditPackage = z.object({
  id: ZPackageId,
  credits: z.number().int(),
  amount: z.number().int().meta({ description: 'List price, minor units, VAT included' }),
  /** What the member pays with the active discount (equal to amount without one). */
  discounted_amount: z.number().int(),
  popular: z.boolean(),
  /** The real-money price of one message at this package, minor units; null when messages are free. */
  price_per_message: z.number().int().nullable(),
  messages: z.number().int().meta({ description: 'How many messages the credits pay for' }),
});
export type TCreditPackage = z.infer<typeof ZCreditPackage>;

export const ZActiveDiscount = z.object({
  code: z.string(),
  value_percentage: z.number().int(),
  /** time_bonus: TIMEBONUS25 while the member's 4 hours run; code: a code the member entered or was given. */
  source: z.enum(['time_bonus', 'code']),
  expires: z.string().nullable(),
});
export type TActiveDiscount = z.infer<typeof ZActiveDiscount>;

export const ZPackagesAnswer = z.object({
  currency: z.string(),
  payment_country: ZPaymentCountry,
  /** The countries a member can choose to pay from (the site's). */
  payment_countries: z.array(ZPaymentCountry),
  methods: z.array(ZPaymentMethod).meta({ description: 'Methods enabled for the payment country on this site' }),
  packages: z.array(ZCreditPackage),
  discount: ZActiveDiscount.nullable(),
  /** Card purchases are blocked after a chargeback until support lifts it. */
  card_blocked: z.boolean(),
  message_credits: z.number().int(),
});
export type TPackagesAnswer = z.infer<typeof ZPackagesAnswer>;

/** An idempotency key the web app makes once per checkout: a double click or a retry creates one payment. */
export const zIdempotencyKey = () => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'an idempotency key of 8 to 64 letters, digits, - or _');

/** POST /api/payment.php: start paying for a package. */
export const ZCreatePaymentRequest = z
  .object({
    package_id: ZPackageId,
    method: ZPaymentMethod,
    country: ZPaymentCountry,
    discount_code: zText(DISCOUNT_CODE_MAX_LENGTH).trim().max(DISCOUNT_CODE_MAX_LENGTH).optional(),
    /** The unticked checkbox: delivery starts at once, which ends the 14-day withdrawal right. */
    withdrawal_consent: z.literal(true),
    idempotency_key: zIdempotencyKey(),
  })
  .strict();
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequest>;

export const ZCreatePaymentAnswer = z.object({
  payment_id: z.number().int(),
  /** Where to send the member: the provider's checkout, or /transactions/{id} when nothing is left to do there. */
  redirect_url: z.string(),
});
export type TCreatePaymentAnswer = z.infer<typeof ZCreatePaymentAnswer>;

/** POST /api/repeat-order.php: the last paid order again (a card order becomes a recurring card payment). */
export const ZRepeatOrderRequest = z
  .object({
    withdrawal_consent: z.literal(true),
    idempotency_key: zIdempotencyKey(),
  })
  .strict();

/** GET /api/repeat-order.php: what repeating would buy; 404 when the member never paid. */
export const ZLastOrderAnswer = z.object({
  package_id: ZPackageId,
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: ZPaymentMethod,
  country: ZPaymentCountry,
});
export type TLastOrderAnswer = z.infer<typeof ZLastOrderAnswer>;

/** GET /api/transaction.php?id=: one of the member's payments (the spec's payment entity and its state). */
export const ZTransactionQuery = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
export const ZTransactionAnswer = z.object({
  payment_id: z.number().int(),
  status: ZPaymentStatus,
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: ZPaymentMethod,
  package_id: ZPackageId,
  /** A repeated card order: when it fails the member is offered a retry or PayPal. */
  recurring: z.boolean(),
  created_at: z.string(),
});
export type TTransactionAnswer = z.infer<typeof ZTransactionAnswer>;

/** GET /api/orders.php: the member's paid orders with their receipts, newest first. */
export const ZOrder = z.object({
  payment_id: z.number().int(),
  invoice_number: z.string(),
  paid_at: z.string(),
  package_id: ZPackageId,
  credits: z.number().int(),
  method: ZPaymentMethod,
  currency: z.string(),
  /** What was paid, VAT included. */
  amount: z.number().int(),
  /** Price without VAT, the VAT and its rate (basis points; 0 where no EU VAT applies). */
  net_amount: z.number().int(),
  vat_amount: z.number().int(),
  vat_rate_bp: z.number().int(),
  vat_country: z.string(),
  discount_percentage: z.number().int(),
  refunded_amount: z.number().int(),
  withdrawal_consent_at: z.string(),
  seller: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    kvk: z.string(),
    vat_numbers: z.array(z.string()),
  }),
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrdersAnswer = z.object({ orders: z.array(ZOrder) });
export type TOrdersAnswer = z.infer<typeof ZOrdersAnswer>;
