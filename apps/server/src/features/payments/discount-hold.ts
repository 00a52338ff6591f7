/**
 * The discount of an order (issue 27, finding 2; decision 032): a once-per-user code is reserved
 * by the order that carries it (discounts/reservations.ts), and an order keeps its discount only
 * if the member leaves the provider's checkout (pending or paid) before its discount_valid_until:
 * the later of the code's own end for the member and DISCOUNT_PAYMENT_WINDOW_MS after the order.
 *
 * A payment reported paid after that was made at a price that was no longer on offer. The money
 * is taken, so the payment is recorded as paid (invoice, VAT) and delivers what its money buys at
 * the package's full price: credits × amount ÷ list price, rounded down. Crediting the whole
 * package would silently grant the lapsed discount again and again (the security test's 30-hour
 * case); crediting nothing would keep money without delivering. The order's credits and receipt
 * show the smaller number, and support can refund it like any purchase.
 */
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { Tx } from '../credits/service';
import { DISCOUNT_PAYMENT_WINDOW_MS, isOncePerUserCode, keepDiscount, releaseDiscount, reserveDiscount } from '../discounts/reservations';
import { redeemDiscount, type AppliedDiscount } from '../discounts/service';

export { DISCOUNT_PAYMENT_WINDOW_MS };

type PaymentRow = typeof payments.$inferSelect;

/** Until when an order created `now` with `discount` may finish its checkout at the discount; null: no limit. */
export function discountValidUntil(discount: AppliedDiscount | null, now: Date): Date | null {
  if (!discount || discount.expires === null) return null;
  const windowEnd = now.getTime() + DISCOUNT_PAYMENT_WINDOW_MS;
  return new Date(Math.max(discount.expires.getTime(), windowEnd));
}

/** Reserves a once-per-user discount for the new order; false when another order of the member holds it. */
export async function holdDiscount(
  tx: Tx,
  order: { discount: AppliedDiscount; userId: number; paymentId: number; now: Date },
): Promise<boolean> {
  if (!order.discount.oncePerUser) return true;
  return reserveDiscount(tx, {
    codeId: order.discount.codeId,
    userId: order.userId,
    paymentId: order.paymentId,
    now: order.now,
    heldUntil: new Date(order.now.getTime() + DISCOUNT_PAYMENT_WINDOW_MS),
  });
}

/**
 * Whether the discount of `payment`, leaving 'open' now, stands: within its time and still
 * reserved by it (a newer order may have taken over an abandoned one). When it stands the order
 * holds the code for good; when not, it lets go of it.
 */
async function discountStands(tx: Tx, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.discountCodeId === null) return true;
  const inTime = payment.discountValidUntil === null || now.getTime() < payment.discountValidUntil.getTime();
  const held = inTime && (!(await isOncePerUserCode(tx, payment.discountCodeId)) || (await keepDiscount(tx, payment.id)));
  if (!held) await releaseDiscount(tx, payment.id);
  return held;
}

/**
 * The member finished the checkout (the provider reports pending): when in time, the discount
 * stands whenever the money arrives, so the deadline is lifted.
 */
export async function discountOnPending(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  if (payment.discountCodeId === null || payment.discountValidUntil === null) return;
  if (await discountStands(tx, payment, now)) {
    await tx.update(payments).set({ discountValidUntil: null }).where(eq(payments.id, payment.id));
  }
}

/**
 * The credits a paid payment delivers: the package's when its discount stands (recording the
 * redemption), else what its money buys at the full price (see the header).
 */
export async function creditsOnPaid(tx: Tx, payment: PaymentRow, now: Date): Promise<{ credits: number; discountLapsed: boolean }> {
  if (payment.discountCodeId === null) return { credits: payment.credits, discountLapsed: false };
  const stands =
    (await discountStands(tx, payment, now)) &&
    (await redeemDiscount(tx, { codeId: payment.discountCodeId, userId: payment.userId, paymentId: payment.id, now }));
  if (stands) return { credits: payment.credits, discountLapsed: false };
  await releaseDiscount(tx, payment.id);
  return { credits: Math.floor((payment.credits * payment.amount) / payment.listAmount), discountLapsed: true };
}

/** The order ended unpaid (failed, cancelled, expired): its code is free for the member's next order. */
export async function discountOnUnpaid(tx: Tx, payment: PaymentRow): Promise<void> {
  if (payment.discountCodeId !== null) await releaseDiscount(tx, payment.id);
}
