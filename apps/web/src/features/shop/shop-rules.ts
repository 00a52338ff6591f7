import type { TPackageId, TPaymentMethod, TPaymentStatus } from '@cupido/shared/payments';

/*
 * The few values of the payments contract these screens need at run time, spelled out here: a
 * value import of '@cupido/shared/payments' would pull zod (the contract's schemas) into every
 * shop chunk. Each one is a record over the contract's own type, so a method, package or status
 * added there fails the typecheck until it is added here; shop-rules.test.ts compares them with
 * the shared originals.
 */

/** How often the transaction page asks again while a payment is open or pending (TRANSACTION_POLL_MS). */
export const POLL_MS = 2_000;

/** Every method, true for the card ones (CARD_METHODS): they are hidden while card purchases are blocked. */
const CARD: Record<TPaymentMethod, boolean> = {
  sdd: false,
  prezelewy24: false,
  blik: false,
  sct: false,
  giropay: false,
  mastercard: true,
  visa: true,
  creditcard: true,
  cartebancaire: true,
  nexi: true,
  ideal: false,
  bancontact: false,
  applepay: true,
  paysafecard: false,
  maestro: true,
  paypal: false,
  sofort: false,
  eps: false,
};
export const isPaymentMethod = (value: string | undefined): value is TPaymentMethod => value !== undefined && Object.hasOwn(CARD, value);
export const isCardMethod = (method: TPaymentMethod): boolean => CARD[method];

const PACKAGES: Record<TPackageId, true> = { p0: true, p1: true, p2: true, p3: true };
export const isPackageId = (value: string | undefined): value is TPackageId => value !== undefined && Object.hasOwn(PACKAGES, value);

const FINAL: Record<TPaymentStatus, boolean> = { open: false, pending: false, paid: true, failed: true, cancelled: true, expired: true };
/** Paid, failed, cancelled or expired: nothing changes any more, so polling stops. */
export const isFinalStatus = (status: TPaymentStatus): boolean => FINAL[status];

/**
 * A fresh idempotency key for one checkout (letters, digits and '-', as the contract asks).
 * randomUUID needs a secure context; a plain-http preview gets random bytes instead.
 */
export function newIdempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
