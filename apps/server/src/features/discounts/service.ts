/**
 * Discount codes and the welcome time bonus (issue 14, features/discounts). Placeholder with the
 * signatures the payments feature calls; the discounts helper implements them.
 */
import type { TPaymentMethod } from '@cupido/shared/payments';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { Tx } from '../credits/service';

export interface DiscountDeps {
  db: Database;
  clock: Clock;
}

/** The member and order a discount is checked for. */
export interface DiscountContext {
  userId: number;
  siteId: number;
  /** The account's creation time (the time bonus runs 14400 s from it). */
  signupDate: Date;
  paidUser: boolean;
  /** The payment country. */
  country: string;
  /** The site's currency. */
  currency: string;
  now: Date;
}

export interface AppliedDiscount {
  codeId: number;
  code: string;
  percentage: number;
  oncePerUser: boolean;
  /** time_bonus: TIMEBONUS25 within the member's 4 hours; code: any other code. */
  source: 'time_bonus' | 'code';
  expires: Date | null;
}

/**
 * The discount that applies without a typed code: the time bonus while it runs (and TIMEBONUS25
 * is unused), otherwise the member's own welcome code if any; null when none.
 */
export async function activeDiscount(db: Database | Tx, ctx: DiscountContext): Promise<AppliedDiscount | null> {
  void db;
  void ctx;
  return null;
}

/**
 * A typed code checked for an order of `amount` (minor units) with `method` (when chosen).
 * Throws an AppError: 404 code_not_found ('Code not found'), 409 code_already_used ('Code
 * already used'), 410 code_expired, 422 code_minimum_order, 422 code_method_not_allowed.
 */
export async function checkDiscountCode(
  db: Database | Tx,
  ctx: DiscountContext,
  code: string,
  order: { amount: number; method?: TPaymentMethod },
): Promise<AppliedDiscount> {
  void db;
  void ctx;
  void order;
  throw new Error(`Discount codes are not built yet (${code})`);
}

/**
 * Records that a paid payment used a code, inside the payment's transaction. Answers false
 * (writing nothing) when a once-per-user code was already redeemed by this member, e.g. by a
 * parallel payment: the money is taken, so the payment still counts.
 */
export async function redeemDiscount(
  tx: Tx,
  redemption: { codeId: number; userId: number; paymentId: number; oncePerUser: boolean; now: Date },
): Promise<boolean> {
  void tx;
  void redemption;
  return true;
}
