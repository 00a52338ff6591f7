import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from './countries';
import { INT32_MAX, zText } from './input';

/**
 * Credits shop and payments (issue 14, docs/decisions/032-payments.md): the packages, the payment
 * methods, the life of a payment and the contracts of the member's calls. Money is always an
 * integer in minor units (cents); a price is what the member pays, VAT included.
 */

/** The spec's 18 payment methods (section 3), in its order. */
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);

/** Off unless a site switches them on: giropay and Sofort closed their schemes. */
export const METHODS_DISABLED_BY_DEFAULT: readonly TPaymentMethod[] = ['giropay', 'sofort'];
export const DEFAULT_SITE_PAYMENT_METHODS: TPaymentMethod[] = PAYMENT_METHODS.filter((m) => !METHODS_DISABLED_BY_DEFAULT.includes(m));

/**
 * Paid with a card: a chargeback blocks further purchases by these until support lifts it, and a
 * repeated order paid with one is a recurring card payment (retry or PayPal when it fails).
 */
export const CARD_METHODS: readonly TPaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi', 'applepay'];
export function isCardMethod(method: TPaymentMethod): boolean {
  return CARD_METHODS.includes(method);
}

/** Sold everywhere the product serves. */
const EVERYWHERE: TPaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro', 'applepay', 'paypal', 'paysafecard'];
/** SEPA: euro countries and Poland's neighbours in the scheme take direct debit and credit transfer. */
const SEPA: TPaymentMethod[] = ['sdd', 'sct'];

/**
 * The methods a member paying from a country can use, local ones first (before the site's own
 * list narrows them: `methodsFor`).
 */
export const METHODS_BY_COUNTRY: Record<CountryCode, TPaymentMethod[]> = {
  NL: ['ideal', ...SEPA, ...EVERYWHERE],
  BE: ['bancontact', ...SEPA, ...EVERYWHERE],
  DE: ['giropay', 'sofort', ...SEPA, ...EVERYWHERE],
  AT: ['eps', 'sofort', ...SEPA, ...EVERYWHERE],
  FR: ['cartebancaire', ...SEPA, ...EVERYWHERE],
  IT: ['nexi', ...SEPA, ...EVERYWHERE],
  ES: [...SEPA, ...EVERYWHERE],
  PL: ['blik', 'prezelewy24', ...EVERYWHERE],
  IE: [...SEPA, ...EVERYWHERE],
  GB: [...EVERYWHERE],
  CH: [...EVERYWHERE],
  US: [...EVERYWHERE],
  CA: [...EVERYWHERE],
  AU: [...EVERYWHERE],
  NZ: [...EVERYWHERE],
};

/** The methods offered for a payment country on a site (the site's enabled list, in the country's order). */
export function methodsFor(country: CountryCode, siteMethods: readonly TPaymentMethod[]): TPaymentMethod[] {
  return METHODS_BY_COUNTRY[country].filter((method) => siteMethods.includes(method));
}

/** The life of a payment (spec section 4: loading, pending, completed, failed or cancelled). */
export const PAYMENT_STATUSES = [
  /** Created; the member has not finished the provider's checkout. */
  'open',
  /** The provider is processing it (a bank transfer or direct debit on its way). */
  'pending',
  /** Paid: the credits are posted. */
  'paid',
  'failed',
  'cancelled',
  /** The checkout was left until the provider gave up. */
  'expired',
] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const FINAL_PAYMENT_STATUSES: readonly TPaymentStatus[] = ['paid', 'failed', 'cancelled', 'expired'];

const STATUS_RANK: Record<TPaymentStatus, number> = { open: 0, pending: 1, paid: 2, failed: 2, cancelled: 2, expired: 2 };

/**
 * Whether a status the provider reports moves a payment forward. Webhooks arrive twice, late and
 * out of order: a final status never changes, and nothing goes back to open or pending.
 */
export function isForwardTransition(from: TPaymentStatus, to: TPaymentStatus): boolean {
  return STATUS_RANK[to] > STATUS_RANK[from];
}

/** The credit packages of a site (spec section 9: tiers p0 to p3, one marked popular). */
export const PACKAGE_IDS = ['p0', 'p1', 'p2', 'p3'] as const;
export type TPackageId = (typeof PACKAGE_IDS)[number];
export const ZPackageId = z.enum(PACKAGE_IDS);

/** Highest price of a package, in minor units: far above any real price, far below int32. */
export const PACKAGE_AMOUNT_MAX = 10_000_000;

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
export const DEFAULT_SITE_CURRENCY = 'EUR';
/** Direct debits of one member within 30 days may add up to this (minor units) unless the site says otherwise. */
export const DEFAULT_DIRECT_DEBIT_LIMIT = 15_000;
export const DIRECT_DEBIT_LIMIT_DAYS = 30;

/** One rule for prices (issue 29): the percentage off and the price of a message live in price-rules.ts. */
export { discountedAmount, pricePerMessage } from './price-rules';

/** The VAT inside a price that includes it, rounded to the cent; the rate in basis points (21% = 2100). */
export function vatIncluded(grossAmount: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0) return 0;
  return Math.round((grossAmount * rateBasisPoints) / (10_000 + rateBasisPoints));
}

// ---------------------------------------------------------------------------------------------
// The welcome offer (spec sections 4 and 9).

export const WELCOME_DISCOUNT_CODE = 'TIMEBONUS25';
/** The time bonus runs for 4 hours (14400 s) after activation (the e-mail address confirmed). */
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_TICK_MS = 1_000;
/** The time bonus modal appears 40 s after entering the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** The modal's "act fast" text names this many hours. */
export const TIME_BONUS_MODAL_HOURS = 4;

/**
 * Seconds left of a member's time bonus, or 0: it runs only for a non-paying member, from
 * activation until activation + 14400 s (exclusive: at 14400 s it is over). Before activation it
 * has not started (issue 29: a member who has not confirmed the e-mail would watch hours run out
 * that they cannot use), so there is no countdown.
 */
export function timeBonusSecondsLeft(activatedAt: Date | null, now: Date, paidUser: boolean): number {
  if (paidUser || activatedAt === null) return 0;
  const elapsed = Math.floor((now.getTime() - activatedAt.getTime()) / 1000);
  if (elapsed < 0) return TIME_BONUS_SECONDS;
  return Math.max(0, TIME_BONUS_SECONDS - elapsed);
}

/**
 * The whole hours the bar names ("Only 4 hours to claim"): rounded up, so the last minutes still
 * read "1 hour" and the bar never says 0 while the offer runs.
 */
export function timeBonusHoursLeft(secondsLeft: number): number {
  return secondsLeft <= 0 ? 0 : Math.ceil(secondsLeft / 3600);
}

/** hours:minutes:seconds, e.g. 3:59:07 (hours unpadded). */
export function formatHoursMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

// ---------------------------------------------------------------------------------------------
// Discount codes (spec section 3).

export const DISCOUNT_VALIDITIES = ['once-per-user', 'unlimited'] as const;
export const DISCOUNT_STATUSES = ['active', 'inactive'] as const;
export const DISCOUNT_CODE_MAX_LENGTH = 40;
/** Codes are compared in upper case, without surrounding spaces. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

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

/** How often the transaction page asks again while a payment is open or pending. */
export const TRANSACTION_POLL_MS = 2_000;

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
