/**
 * Discount codes and the welcome time bonus (issue 14, spec sections 3, 4, 8 and 9). A code is
 * compared in upper case without surrounding spaces; what a member may not see (another site's
 * code, another member's personal code, an inactive code) answers exactly like a code that does
 * not exist, so codes cannot be probed. The payments feature checks a code when a payment starts,
 * reserves a once-per-user code for that one order (reservations.ts) and records its use
 * (redeemDiscount) in the transaction that marks the payment paid. Typed codes that turn out
 * unusable are counted per member wherever they are typed (countedCodeCheck), so codes cannot be
 * found by trying either.
 */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { normalizeDiscountCode, type TPaymentMethod } from '@cupido/shared/rules/payments';
import { WELCOME_DISCOUNT_CODE, timeBonusSecondsLeft } from '@cupido/shared/rules/welcome-offer';
import type { Database } from '../../db/open';
import { discountCodes, discountRedemptions, discountReservations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Tx } from '../credits/service';
import { formatMoney } from './money';
import { codeReserved, isDiscountHeld } from './reservations';

export interface DiscountDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
}

/** Unusable typed codes a member may try within DISCOUNT_GUESS_WINDOW_MS before being told to wait. */
export const DISCOUNT_CODE_GUESSES = 10;
export const DISCOUNT_GUESS_WINDOW_MS = 15 * 60_000;

/** The member and order a discount is checked for. */
export interface DiscountContext {
  userId: number;
  siteId: number;
  /** When the account was activated (e-mail confirmed): the time bonus runs 14400 s from it; null before. */
  activatedAt: Date | null;
  paidUser: boolean;
  /** The payment country. */
  country: string;
  /** The site's currency. */
  currency: string;
  now: Date;
  /** The member's language, for the amount in the minimum-order message (English without it). */
  locale?: LocaleCode;
}

export interface AppliedDiscount {
  codeId: number;
  code: string;
  percentage: number;
  oncePerUser: boolean;
  /** time_bonus: TIMEBONUS25 within the member's 4 hours; code: any other code. */
  source: 'time_bonus' | 'code';
  expires: Date | null;
  /** The code's own conditions, for a caller that applies an active discount to a chosen package and method. */
  minimumOrderValue?: number | null;
  /** Methods the code may be paid with; empty for all. */
  paymentMethods?: TPaymentMethod[];
}

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

const notFound = () => new AppError(404, 'code_not_found', 'errors.code_not_found', {}, 'code');

/**
 * When a code stops working for this member: its own expiry, or the end of its signup window
 * (TIMEBONUS25: activation + 14400 s), whichever comes first; null when it never does. The window
 * is counted from activation (issue 29); before activation it has not begun, so it names no end.
 */
export function codeExpiresFor(row: DiscountCodeRow, ctx: Pick<DiscountContext, 'activatedAt'>): Date | null {
  const windowEnd =
    row.signupWindowSeconds === null || ctx.activatedAt === null
      ? null
      : new Date(ctx.activatedAt.getTime() + row.signupWindowSeconds * 1000);
  if (row.expiresAt === null) return windowEnd;
  if (windowEnd === null) return row.expiresAt;
  return windowEnd < row.expiresAt ? windowEnd : row.expiresAt;
}

/**
 * Whether the code has run out for this member. A signup window is a welcome offer: it ends at
 * activation + window (exclusive), and a member who has paid no longer gets it (timeBonusSecondsLeft).
 * Before activation the window has not opened, so the code does not work yet.
 */
export function isCodeExpired(row: DiscountCodeRow, ctx: Pick<DiscountContext, 'activatedAt' | 'paidUser' | 'now'>): boolean {
  if (row.expiresAt !== null && row.expiresAt.getTime() <= ctx.now.getTime()) return true;
  if (row.signupWindowSeconds !== null) {
    if (ctx.paidUser || ctx.activatedAt === null) return true;
    const elapsed = Math.floor((ctx.now.getTime() - ctx.activatedAt.getTime()) / 1000);
    if (elapsed >= row.signupWindowSeconds) return true;
  }
  return false;
}

/** Whether the member may see the code at all (active, of this site or every site, for anyone or for them). */
function visibleTo(row: DiscountCodeRow, ctx: Pick<DiscountContext, 'userId' | 'siteId'>): boolean {
  return (
    row.status === 'active' && (row.siteId === null || row.siteId === ctx.siteId) && (row.userId === null || row.userId === ctx.userId)
  );
}

async function alreadyRedeemed(db: Database | Tx, codeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

function applied(row: DiscountCodeRow, ctx: DiscountContext): AppliedDiscount {
  return {
    codeId: row.id,
    code: row.code,
    percentage: row.valuePercentage,
    oncePerUser: row.validity === 'once-per-user',
    source: row.code === WELCOME_DISCOUNT_CODE ? 'time_bonus' : 'code',
    expires: codeExpiresFor(row, ctx),
    minimumOrderValue: row.minimumOrderValue,
    paymentMethods: row.paymentMethods,
  };
}

/** The stored code (any status, any owner) by what a member typed; undefined when there is none. */
export async function findDiscountCode(db: Database | Tx, typed: string): Promise<DiscountCodeRow | undefined> {
  const code = normalizeDiscountCode(typed);
  if (code === '') return undefined;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  return row;
}

/**
 * The discount that applies without a typed code: the time bonus while it runs (and TIMEBONUS25
 * is unused), otherwise the member's own welcome code if any; null when none.
 */
export async function activeDiscount(db: Database | Tx, ctx: DiscountContext): Promise<AppliedDiscount | null> {
  if (timeBonusSecondsLeft(ctx.activatedAt, ctx.now, ctx.paidUser) > 0) {
    const welcome = await findDiscountCode(db, WELCOME_DISCOUNT_CODE);
    if (welcome && visibleTo(welcome, ctx) && !isCodeExpired(welcome, ctx) && fitsOrder(welcome, ctx)) {
      // Once per member: not when used, nor while another order of the member holds it (reservations.ts).
      const once = welcome.validity === 'once-per-user';
      if (!(once && ((await alreadyRedeemed(db, welcome.id, ctx.userId)) || (await isDiscountHeld(db, welcome.id, ctx.userId, ctx.now)))))
        return applied(welcome, ctx);
    }
  }
  // The member's own codes (e.g. one support gave), the best first, then the one that runs out first.
  const own = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.userId, ctx.userId),
        eq(discountCodes.status, 'active'),
        or(isNull(discountCodes.siteId), eq(discountCodes.siteId, ctx.siteId)),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, ctx.now)),
        sql`NOT (${discountCodes.validity} = 'once-per-user' AND EXISTS (SELECT 1 FROM ${discountRedemptions} WHERE ${discountRedemptions.codeId} = ${discountCodes.id} AND ${discountRedemptions.userId} = ${ctx.userId}))`,
        sql`NOT (${discountCodes.validity} = 'once-per-user' AND EXISTS (SELECT 1 FROM ${discountReservations} WHERE ${discountReservations.codeId} = ${discountCodes.id} AND ${discountReservations.userId} = ${ctx.userId} AND (${discountReservations.heldUntil} IS NULL OR ${discountReservations.heldUntil} > ${ctx.now.toISOString()}::timestamptz)))`,
      ),
    )
    .orderBy(desc(discountCodes.valuePercentage), sql`${discountCodes.expiresAt} ASC NULLS LAST`, discountCodes.id);
  const usable = own.find((row) => !isCodeExpired(row, ctx) && fitsOrder(row, ctx));
  return usable ? applied(usable, ctx) : null;
}

/** The code's country and currency conditions (those known before a package and method are chosen). */
function fitsOrder(row: DiscountCodeRow, ctx: Pick<DiscountContext, 'country' | 'currency'>): boolean {
  return (row.country === null || row.country === ctx.country) && (row.currency === null || row.currency === ctx.currency);
}

/**
 * A typed code checked for an order of `amount` (minor units) with `method` (when chosen).
 * Throws an AppError: 404 code_not_found ('Code not found'), 409 code_already_used ('Code
 * already used'), 409 code_reserved (another order of the member holds it), 410 code_expired, 422 code_country_mismatch / code_currency_mismatch,
 * 422 code_minimum_order, 422 code_method_not_allowed.
 */
export async function checkDiscountCode(
  db: Database | Tx,
  ctx: DiscountContext,
  code: string,
  order: { amount: number; method?: TPaymentMethod },
): Promise<AppliedDiscount> {
  const row = await checkedCode(db, ctx, code);
  if (row.minimumOrderValue !== null && order.amount < row.minimumOrderValue) {
    throw new AppError(
      422,
      'code_minimum_order',
      'errors.code_minimum_order',
      { amount: formatMoney(ctx.locale ?? 'en', row.minimumOrderValue, ctx.currency) },
      'code',
    );
  }
  if (order.method !== undefined && row.paymentMethods.length > 0 && !row.paymentMethods.includes(order.method)) {
    throw new AppError(422, 'code_method_not_allowed', 'errors.code_method_not_allowed', {}, 'code');
  }
  return applied(row, ctx);
}

/** The code if this member may use it now, apart from the order's amount and method; throws like checkDiscountCode. */
export async function checkedCode(db: Database | Tx, ctx: DiscountContext, code: string): Promise<DiscountCodeRow> {
  const row = await findDiscountCode(db, code);
  if (!row || !visibleTo(row, ctx)) throw notFound();
  if (row.validity === 'once-per-user' && (await alreadyRedeemed(db, row.id, ctx.userId))) {
    throw new AppError(409, 'code_already_used', 'errors.code_already_used', {}, 'code');
  }
  if (row.validity === 'once-per-user' && (await isDiscountHeld(db, row.id, ctx.userId, ctx.now))) throw codeReserved();
  if (isCodeExpired(row, ctx)) throw new AppError(410, 'code_expired', 'errors.code_expired', {}, 'code');
  if (row.country !== null && row.country !== ctx.country)
    throw new AppError(422, 'code_country_mismatch', 'errors.code_country_mismatch', {}, 'code');
  if (row.currency !== null && row.currency !== ctx.currency)
    throw new AppError(422, 'code_currency_mismatch', 'errors.code_currency_mismatch', {}, 'code');
  return row;
}

/**
 * Records that a paid payment used a code, inside the payment's transaction. Answers false
 * (writing nothing) when a once-per-user code was already redeemed by this member by another
 * payment (the order's reservation normally rules that out): the payments feature then credits
 * it at the full price (payments/discount-hold.ts). The partial unique index
 * (code_id, user_id) WHERE once_per_user decides between parallel transactions: the second
 * waits for the first to commit and then inserts nothing. Recording the same payment again
 * (a repeated webhook) answers true and writes nothing. Whether the code is once per member is
 * read from the code itself.
 */
export async function redeemDiscount(
  tx: Tx,
  redemption: { codeId: number; userId: number; paymentId: number; now: Date },
): Promise<boolean> {
  // The code's own validity decides: the payment keeps only the code's id.
  const [code] = await tx.select({ validity: discountCodes.validity }).from(discountCodes).where(eq(discountCodes.id, redemption.codeId));
  if (!code) throw new Error(`No discount code ${redemption.codeId} to redeem`);
  const oncePerUser = code.validity === 'once-per-user';
  const inserted = await tx
    .insert(discountRedemptions)
    .values({
      codeId: redemption.codeId,
      userId: redemption.userId,
      paymentId: redemption.paymentId,
      oncePerUser,
      createdAt: redemption.now,
    })
    .onConflictDoNothing()
    .returning({ id: discountRedemptions.id });
  if (inserted.length > 0) return true;
  const [same] = await tx
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.paymentId, redemption.paymentId), eq(discountRedemptions.codeId, redemption.codeId)))
    .limit(1);
  return same !== undefined;
}

/**
 * Runs `check` of a code the member typed as one counted guess: it counts until it answers (the
 * code is usable), which takes its count back, so re-checking a good code while choosing a package
 * or a method costs nothing. After DISCOUNT_CODE_GUESSES unusable ones in DISCOUNT_GUESS_WINDOW_MS:
 * 429 too_many_code_attempts, in every process (the shared limiter). Every way a typed code enters
 * (discountcode.php, credit-packages.php, payment.php) goes through here, so all share one allowance.
 */
export async function countedCodeCheck<T>(limiter: RateLimiter, userId: number, check: () => Promise<T>): Promise<T> {
  const key = `discount-code:${userId}`;
  const counted = await limiter.hit(key, DISCOUNT_CODE_GUESSES, DISCOUNT_GUESS_WINDOW_MS);
  if (!counted.allowed) throw new AppError(429, 'too_many_code_attempts', 'errors.too_many_code_attempts', {}, 'code');
  const found = await check();
  await limiter.refund(key, DISCOUNT_GUESS_WINDOW_MS, counted);
  return found;
}

/** A code the member typed (GET /api/discountcode.php?code=, or with a payment), checked as checkDiscountCode does and counted (countedCodeCheck). */
export async function checkTypedDiscountCode(
  deps: { db: Database | Tx; limiter: RateLimiter },
  ctx: DiscountContext,
  code: string,
  order: { amount: number; method?: TPaymentMethod },
): Promise<AppliedDiscount> {
  return countedCodeCheck(deps.limiter, ctx.userId, () => checkDiscountCode(deps.db, ctx, code, order));
}
