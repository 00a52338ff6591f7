/**
 * A once-per-user code held by one order (issue 27, finding 2). Redemptions are written only when
 * a payment is paid, so before this every order started before the first was paid got the
 * discount. Now the order takes the code when it is created, in its own transaction: the primary
 * key (code, member) lets exactly one of any number of parallel orders have it (the others insert
 * nothing; on PostgreSQL they wait for the first to commit). The payments feature decides when an
 * order lets go of it (failed, cancelled, expired) and when it holds it for good (the member
 * finished the checkout).
 */
import { and, eq, isNotNull, isNull, lte, gt, or } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { discountCodes, discountReservations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tx } from '../credits/service';

/**
 * How long a member has, from creating an order, to finish the provider's checkout at the
 * discount, also when the code itself runs out meanwhile (the time bonus ordered at 3 h 59 min).
 * 30 minutes covers a card's 3-D Secure, a bank app's login and iDEAL's own 15-minute session with
 * room to spare; a bank transfer or direct debit counts as finished when the provider reports it
 * pending, however long the money then takes. It is also how long an unfinished order keeps the
 * code from the member's other orders: after it, the order counts as abandoned and a new one may
 * take the code. Decision 032.
 */
export const DISCOUNT_PAYMENT_WINDOW_MS = 30 * 60_000;

/** 409: another order of the member holds this once-per-user code (the member typed it, so is told rather than charged the full price). */
export const codeReserved = () =>
  new AppError(409, 'code_reserved', 'errors.code_reserved', { minutes: DISCOUNT_PAYMENT_WINDOW_MS / 60_000 }, 'code');

/**
 * Takes code `codeId` for order `paymentId` of the member until `heldUntil` (after which a new
 * order may take it over: the first was abandoned). Answers false when another order holds it.
 */
export async function reserveDiscount(
  tx: Tx,
  reservation: { codeId: number; userId: number; paymentId: number; now: Date; heldUntil: Date },
): Promise<boolean> {
  const { codeId, userId, paymentId, now, heldUntil } = reservation;
  // An abandoned order's hold has run out: the new order may have the code.
  await tx
    .delete(discountReservations)
    .where(
      and(
        eq(discountReservations.codeId, codeId),
        eq(discountReservations.userId, userId),
        isNotNull(discountReservations.heldUntil),
        lte(discountReservations.heldUntil, now),
      ),
    );
  const inserted = await tx
    .insert(discountReservations)
    .values({ codeId, userId, paymentId, heldUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ paymentId: discountReservations.paymentId });
  return inserted.length > 0;
}

/** The order ended without being paid (or lost its discount): the code is free for the member's next order. */
export async function releaseDiscount(db: Database | Tx, paymentId: number): Promise<void> {
  await db.delete(discountReservations).where(eq(discountReservations.paymentId, paymentId));
}

/**
 * The member finished the checkout of order `paymentId`: it holds the code for good (until it
 * fails). Answers false when the order no longer holds it (a newer order took it over).
 */
export async function keepDiscount(tx: Tx, paymentId: number): Promise<boolean> {
  const kept = await tx
    .update(discountReservations)
    .set({ heldUntil: null })
    .where(eq(discountReservations.paymentId, paymentId))
    .returning({ paymentId: discountReservations.paymentId });
  return kept.length > 0;
}

/** Whether an order of the member holds the code now (so a new order would not get it). */
export async function isDiscountHeld(db: Database | Tx, codeId: number, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ paymentId: discountReservations.paymentId })
    .from(discountReservations)
    .where(
      and(
        eq(discountReservations.codeId, codeId),
        eq(discountReservations.userId, userId),
        or(isNull(discountReservations.heldUntil), gt(discountReservations.heldUntil, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether code `codeId` is once per member (only those are reserved). */
export async function isOncePerUserCode(db: Database | Tx, codeId: number): Promise<boolean> {
  const [code] = await db.select({ validity: discountCodes.validity }).from(discountCodes).where(eq(discountCodes.id, codeId));
  return code?.validity === 'once-per-user';
}
