/**
 * Applying what the provider says about a payment (issue 14, decision 032). Webhooks arrive twice,
 * late and out of order, and the transaction page asks the provider too; all of them end here:
 *
 * - one transaction with the payment row locked (FOR UPDATE), so concurrent calls for one
 *   payment run one after another and each sees what the previous one committed;
 * - only forward transitions (isForwardTransition): a final status never changes, nothing goes
 *   back to open or pending;
 * - on paid, in that same transaction: the invoice number and VAT (receipts), the credits through
 *   the ledger keyed `payment:<id>` (a second post writes nothing), the discount redemption and
 *   `payment.completed` (accounts makes the member a paid user), so all or nothing commits; a
 *   payment whose discount lapsed before the checkout was finished is credited at the full price
 *   (discount-hold.ts); pending in time keeps the discount; an unpaid end frees the code;
 * - a chargeback the provider reports is applied once (charged_back_at);
 * - after the commit: the member's cached sessions are dropped (credits, premium) and the
 *   receipt is queued.
 */
import { eq, sql } from 'drizzle-orm';
import { isForwardTransition, type TPaymentStatus } from '@cupido/shared/rules/payments';
import { payments } from '../../db/schema';
import { changeCredits } from '../credits/service';
import { siteById } from '../sites/service';
import type { PaymentDeps } from './deps';
import { creditsOnPaid, discountOnPending, discountOnUnpaid } from './discount-hold';
import type { ProviderStatus } from './providers/port';
import { invoiceOnPaid } from './receipts/invoice';
import { queueReceipt } from './receipts/outbox';
import { applyChargeback } from './finance/take-back';

export type SettleOutcome = {
  /** The payment's status after this call. */
  status: TPaymentStatus;
  /** This call moved the status (false for a replay, a late or an out-of-order report). */
  changed: boolean;
  /** This call posted the credits. */
  paid: boolean;
  /** This call applied a chargeback. */
  chargedBack: boolean;
} | null;

/** Whether `snapshot` would change a payment in this state (false for replays, late and out-of-order reports). */
export function needsWork(row: { status: TPaymentStatus; chargedBackAt: Date | null }, snapshot: ProviderStatus): boolean {
  if (isForwardTransition(row.status, snapshot.status)) return true;
  return snapshot.chargedBack && row.chargedBackAt === null && (row.status === 'paid' || snapshot.status === 'paid');
}

/**
 * Applies the provider's `snapshot` to payment `paymentId`; null when there is no such payment.
 * Safe to call any number of times, concurrently, in any order.
 */
export async function settlePayment(deps: PaymentDeps, paymentId: number, snapshot: ProviderStatus): Promise<SettleOutcome> {
  // Most calls are replays: a plain read answers them without a transaction or a lock. The
  // transaction below checks again under the lock, so a stale read only costs a transaction.
  const [seen] = await deps.db
    .select({ status: payments.status, chargedBackAt: payments.chargedBackAt })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!seen) return null;
  if (!needsWork(seen, snapshot)) return { status: seen.status, changed: false, paid: false, chargedBack: false };

  const outcome = await deps.events.transaction(deps.db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return null;
    const now = deps.clock();
    let status = payment.status;
    let paid = false;
    let chargedBack = false;
    let deliveredCredits = payment.credits;

    if (isForwardTransition(payment.status, snapshot.status)) {
      status = snapshot.status;
      if (snapshot.status === 'paid') {
        const site = await siteById(tx, payment.siteId);
        if (!site) throw new Error(`Payment ${payment.id} names site ${payment.siteId}, which is gone`);
        // The package's credits while the discount stands; after it lapsed, what the money buys at the full price (discount-hold.ts).
        const { credits, discountLapsed } = await creditsOnPaid(tx, payment, now);
        if (credits > 0) deliveredCredits = credits;
        if (discountLapsed) {
          deps.log.warn(
            { paymentId: payment.id, packageCredits: payment.credits, credits },
            'payments: paid after its discount lapsed; credited at the full price',
          );
        }
        if (credits > 0) {
          await changeCredits(tx, {
            userId: payment.userId,
            amount: credits,
            kind: 'purchase',
            idempotencyKey: `payment:${payment.id}`,
            reference: `payment:${payment.id}`,
            now,
          });
        }
        await deps.events.publish(tx, {
          type: 'payment.completed',
          userId: payment.userId,
          paymentId: payment.id,
          amountMinor: payment.amount,
          currency: payment.currency,
        });
        // Last: the gapless invoice counter is one row per seller and year, locked until the
        // commit, so every paid payment of the seller waits for it; held only for this update.
        const invoice = await invoiceOnPaid(tx, {
          companyId: site.companyId,
          country: payment.country,
          amount: payment.amount,
          paidAt: now,
        });
        await tx
          .update(payments)
          .set({
            status: 'paid',
            paidAt: now,
            updatedAt: now,
            invoiceNumber: invoice.invoiceNumber,
            vatRateBp: invoice.vatRateBp,
            vatAmount: invoice.vatAmount,
            // What was delivered (the receipt and a refund's take-back go by it); the column allows no 0.
            ...(credits > 0 ? { credits } : {}),
          })
          .where(eq(payments.id, payment.id));
        paid = true;
      } else {
        if (snapshot.status === 'pending') await discountOnPending(tx, payment, now);
        else await discountOnUnpaid(tx, payment);
        await tx.update(payments).set({ status: snapshot.status, updatedAt: now }).where(eq(payments.id, payment.id));
      }
    }

    if (snapshot.chargedBack && payment.chargedBackAt === null && status === 'paid') {
      // With the events: premium ends when this was the member's only purchase that stood (issue 27, finding 5).
      await applyChargeback(
        tx,
        { paymentId: payment.id, userId: payment.userId, amount: payment.amount, credits: deliveredCredits, now },
        deps.events,
      );
      // finance may set it as well; the first time wins.
      await tx
        .update(payments)
        .set({ chargedBackAt: sql`coalesce(${payments.chargedBackAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(eq(payments.id, payment.id));
      chargedBack = true;
    }
    return { status, changed: status !== payment.status, paid, chargedBack };
  });

  // The member's cached lookups go through the session's handlers of the transaction's events:
  // payment.completed for a purchase, payment.standing_changed for a chargeback (applyChargeback).
  if (outcome?.paid) {
    // Not awaited: a slow mail server must not hold the transaction page or the webhook
    // processing; the receipt's outbox job sends whatever this does not get out.
    void queueReceipt(deps, paymentId).catch((err: unknown) => deps.log.error({ err, paymentId }, 'payments: receipt not queued'));
  }
  return outcome;
}
