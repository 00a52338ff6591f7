/**
 * A refund by finance staff (issue 14, decision 032). No money moves without a record, and no
 * record claims money that did not move:
 *  1. reserve, in one transaction: lock the payment, check the rest, insert the refund row, raise
 *     refunded_amount, take back the purchase's unspent credits (take-back.ts) and record the spent;
 *  2. ask the provider, outside any transaction (a slow provider holds no lock);
 *  3. on success store the provider's refund id with the audit entry; on a refusal undo the
 *     reservation in a compensating transaction (credits back under their own key, refunded_amount
 *     lowered, the row deleted, so the key may be used again) and answer 502.
 * A refund that completes the payment's amount ends the member's premium unless another purchase
 * stands (publishStanding, in the reserving transaction); its undoing gives premium back.
 * A process that dies between 1 and 3 leaves a refund row without provider_refund_id: the payment
 * page shows it as not confirmed, and finance checks it at the provider.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TRefundAnswer, TRefundRequest, TRefundView } from '@cupido/shared/contracts/finance';
import { paymentRefunds, payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { recordStaffAction } from '../../audit/service';
import { changeCredits } from '../../credits/service';
import type { PaymentDeps } from '../deps';
import { CHARGEBACK_KEY, creditsAccounted, creditsWanted, publishStanding, takeBackCredits } from './take-back';

type RefundRow = typeof paymentRefunds.$inferSelect;

const conflict = (code: string, params: Record<string, number | string> = {}, field?: string) =>
  new AppError(409, code, `staff.finance.errors.${code}`, params, field);
export const paymentNotFound = () => new AppError(404, 'payment_not_found', 'staff.finance.errors.payment_not_found');

export function refundView(row: RefundRow): TRefundView {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    credits_taken: row.creditsTaken,
    credits_spent: row.creditsSpent,
    reason: row.reason,
    staff_user_id: row.staffUserId,
    provider_refund_id: row.providerRefundId,
    created_at: row.createdAt.toISOString(),
  };
}

interface Reserved {
  refund: RefundRow;
  replayed: boolean;
  refundedAmount: number;
  userId: number;
  siteId: number;
  providerPaymentId: string;
  invoiceNumber: string;
}

async function reserve(deps: PaymentDeps, staffId: number, paymentId: number, input: TRefundRequest, now: Date): Promise<Reserved> {
  const providerName = deps.provider.name;
  return deps.events.transaction(deps.db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw paymentNotFound();
    const [earlier] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.idempotencyKey, input.idempotency_key)));
    const common = {
      userId: payment.userId,
      siteId: payment.siteId,
      providerPaymentId: payment.providerPaymentId ?? '',
      invoiceNumber: payment.invoiceNumber ?? '',
    };
    if (earlier) return { refund: earlier, replayed: true, refundedAmount: payment.refundedAmount, ...common };

    if (payment.status !== 'paid') throw conflict('payment_not_paid');
    if (payment.chargedBackAt !== null) throw conflict('payment_charged_back');
    if (!payment.providerPaymentId) throw conflict('payment_not_at_provider');
    // Paid through another provider than the one configured now: only that provider can give it back.
    if (payment.provider !== providerName) throw conflict('payment_other_provider', { provider: payment.provider });
    const rest = payment.amount - payment.refundedAmount;
    if (rest <= 0) throw conflict('payment_refunded');
    if (input.amount > rest) throw conflict('refund_above_rest', { rest }, 'amount');

    const wanted = creditsWanted({
      credits: payment.credits,
      paymentAmount: payment.amount,
      amount: input.amount,
      rest,
      accounted: await creditsAccounted(tx, paymentId),
    });
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId,
        kind: 'refund',
        amount: input.amount,
        creditsTaken: 0,
        creditsSpent: 0,
        reason: input.reason,
        staffUserId: staffId,
        idempotencyKey: input.idempotency_key,
        createdAt: now,
      })
      .returning();
    const { taken, spent } = await takeBackCredits(tx, {
      userId: payment.userId,
      wanted,
      key: `refund:${row!.id}`,
      reference: `payment:${paymentId}`,
      now,
    });
    const [refund] = await tx
      .update(paymentRefunds)
      .set({ creditsTaken: taken, creditsSpent: spent })
      .where(eq(paymentRefunds.id, row!.id))
      .returning();
    const refundedAmount = payment.refundedAmount + input.amount;
    await tx.update(payments).set({ refundedAmount, updatedAt: now }).where(eq(payments.id, paymentId));
    // The balance changed: either fact drops the member's cached lookups after the commit.
    if (refundedAmount >= payment.amount) await publishStanding(deps.events, tx, { userId: payment.userId, paymentId, cause: 'refund' });
    else await deps.events.publish(tx, { type: 'account.view_changed', userId: payment.userId });
    return { refund: refund!, replayed: false, refundedAmount, ...common };
  });
}

/** Gives back what reserve took when the provider refused: the credits under their own key, the amount, the row. */
async function undo(deps: PaymentDeps, staffId: number, reserved: Reserved, reason: string, now: Date): Promise<void> {
  const { refund } = reserved;
  await deps.events.transaction(deps.db, async (tx) => {
    const [payment] = await tx
      .select({ chargedBackAt: payments.chargedBackAt, amount: payments.amount, refundedAmount: payments.refundedAmount })
      .from(payments)
      .where(eq(payments.id, refund.paymentId))
      .for('update');
    if (payment?.chargedBackAt) {
      // The bank took the whole payment back while the provider answered: the money of this
      // refund went back with the chargeback, and so did the credits it took. The chargeback's
      // row takes them over (refunded_amount is already the whole amount).
      const moved = await tx
        .update(paymentRefunds)
        .set({
          amount: sql`${paymentRefunds.amount} + ${refund.amount}`,
          creditsTaken: sql`${paymentRefunds.creditsTaken} + ${refund.creditsTaken}`,
          creditsSpent: sql`${paymentRefunds.creditsSpent} + ${refund.creditsSpent}`,
        })
        .where(and(eq(paymentRefunds.paymentId, refund.paymentId), eq(paymentRefunds.idempotencyKey, CHARGEBACK_KEY)))
        .returning({ id: paymentRefunds.id });
      if (moved.length === 0) {
        await tx
          .update(paymentRefunds)
          .set({ kind: 'chargeback', idempotencyKey: CHARGEBACK_KEY, staffUserId: null, reason: 'chargeback reported by the provider' })
          .where(eq(paymentRefunds.id, refund.id));
      } else {
        await tx.delete(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
      }
      await recordStaffAction(
        tx,
        {
          staffId,
          action: 'payment.refund_refused',
          itemType: 'payment',
          itemId: refund.paymentId,
          siteId: reserved.siteId,
          after: { amount: refund.amount, reason: refund.reason, provider_error: reason.slice(0, 500), charged_back: true },
        },
        now,
      );
      return;
    }
    if (refund.creditsTaken > 0) {
      await changeCredits(tx, {
        userId: reserved.userId,
        amount: refund.creditsTaken,
        kind: 'refund',
        idempotencyKey: `refund-undone:${refund.id}`,
        reference: `payment:${refund.paymentId}`,
        now,
      });
    }
    await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} - ${refund.amount}`, updatedAt: now })
      .where(eq(payments.id, refund.paymentId));
    // This refund had given the whole payment back: the purchase stands again.
    if (payment && payment.refundedAmount >= payment.amount) {
      await publishStanding(deps.events, tx, { userId: reserved.userId, paymentId: refund.paymentId, cause: 'refund_refused' });
    } else {
      await deps.events.publish(tx, { type: 'account.view_changed', userId: reserved.userId });
    }
    await tx.delete(paymentRefunds).where(eq(paymentRefunds.id, refund.id));
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'payment.refund_refused',
        itemType: 'payment',
        itemId: refund.paymentId,
        siteId: reserved.siteId,
        after: { amount: refund.amount, reason: refund.reason, provider_error: reason.slice(0, 500) },
      },
      now,
    );
  });
}

export async function refundPayment(deps: PaymentDeps, staffId: number, paymentId: number, input: TRefundRequest): Promise<TRefundAnswer> {
  const now = deps.clock();
  const reserved = await reserve(deps, staffId, paymentId, input, now);
  if (reserved.replayed) return { refund: refundView(reserved.refund), refunded_amount: reserved.refundedAmount, replayed: true };

  let providerRefundId: string;
  try {
    providerRefundId = (await deps.provider.refund(reserved.providerPaymentId, input.amount, `Refund ${reserved.invoiceNumber}`.trim()))
      .refundId;
  } catch (err) {
    deps.log.warn({ err, paymentId }, 'the provider refused a refund; undoing its reservation');
    await undo(deps, staffId, reserved, err instanceof Error ? err.message : String(err), deps.clock());
    throw new AppError(502, 'provider_refused_refund', 'staff.finance.errors.provider_refused_refund');
  }

  const refund = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(paymentRefunds).set({ providerRefundId }).where(eq(paymentRefunds.id, reserved.refund.id)).returning();
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'payment.refund',
        itemType: 'payment',
        itemId: paymentId,
        siteId: reserved.siteId,
        before: { refunded_amount: reserved.refundedAmount - input.amount },
        after: {
          refunded_amount: reserved.refundedAmount,
          refund_id: row!.id,
          amount: input.amount,
          reason: input.reason,
          credits_taken: row!.creditsTaken,
          credits_spent: row!.creditsSpent,
          provider_refund_id: providerRefundId,
        },
      },
      now,
    );
    return row!;
  });
  return { refund: refundView(refund), refunded_amount: reserved.refundedAmount, replayed: false };
}
