import type { CountryCode } from './countries';

/**
 * The payment rules that hold without a schema (issue 14, docs/decisions/032-payments.md): the
 * payment methods and where they are sold, the life of a payment, the packages' ids, VAT and
 * discount codes' shape (the welcome offer's clock is in welcome-offer.ts). Zod-free, so the web's
 * shop chunks import them as they are; the contracts of the member's calls are in payments.ts.
 * Money is always an integer in minor units (cents); a price is what the member pays, VAT included.
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
/** Off unless a site switches them on: giropay and Sofort closed their schemes. */
export const METHODS_DISABLED_BY_DEFAULT: readonly TPaymentMethod[] = ['giropay', 'sofort'];
// Marked pure so a chunk that imports one constant of this module leaves this list out.
export const DEFAULT_SITE_PAYMENT_METHODS: TPaymentMethod[] = /* @__PURE__ */ PAYMENT_METHODS.filter(
  (m) => !METHODS_DISABLED_BY_DEFAULT.includes(m),
);

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
/** Highest price of a package, in minor units: far above any real price, far below int32. */
export const PACKAGE_AMOUNT_MAX = 10_000_000;

export const DEFAULT_SITE_CURRENCY = 'EUR';
/** Direct debits of one member within 30 days may add up to this (minor units) unless the site says otherwise. */
export const DEFAULT_DIRECT_DEBIT_LIMIT = 15_000;
export const DIRECT_DEBIT_LIMIT_DAYS = 30;

/** The VAT inside a price that includes it, rounded to the cent; the rate in basis points (21% = 2100). */
export function vatIncluded(grossAmount: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0) return 0;
  return Math.round((grossAmount * rateBasisPoints) / (10_000 + rateBasisPoints));
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

/** How often the transaction page asks again while a payment is open or pending. */
export const TRANSACTION_POLL_MS = 2_000;

/** Whether a string names one of the methods (for values read from a link). */
export function isPaymentMethod(value: string | undefined): value is TPaymentMethod {
  return value !== undefined && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** Whether a string names one of the packages (for values read from a link). */
export function isPackageId(value: string | undefined): value is TPackageId {
  return value !== undefined && (PACKAGE_IDS as readonly string[]).includes(value);
}

/** Paid, failed, cancelled or expired: nothing changes any more (the transaction page stops asking). */
export function isFinalPaymentStatus(status: TPaymentStatus): boolean {
  return FINAL_PAYMENT_STATUSES.includes(status);
}
