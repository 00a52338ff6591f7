/**
 * Money given back (issue 14, decision 032): a refund by finance staff (refunds.ts) or a
 * chargeback the provider reports (applyChargeback, called by the webhook processing inside the
 * payment's transaction with the payment row locked). Either way the purchase's credits go back
 * through the ledger as far as the member has not spent them; what was spent is recorded on the
 * refund row, never taken below 0. Premium follows (publishStanding): it lasts for life after a
 * purchase that stands, so a purchase wholly given back may end it.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { paymentRefunds, payments, purchaseBlocks } from '../../../db/schema';
import type { DomainEvents, EventOf } from '../../../infra/domain-events';
import { lockMemberAccount } from '../../accounts/member-lock';
import { changeCredits, InsufficientCreditsError, readBalance, type Tx } from '../../credits/service';

export interface ChargebackInput {
  paymentId: number;
  userId: number;
  /** The payment's amount and credits. */
  amount: number;
  credits: number;
  now: Date;
}

/** The refund row key of a chargeback: one per payment (the unique (payment_id, idempotency_key) index keeps it so). */
export const CHARGEBACK_KEY = 'chargeback';

/**
 * The credits a refund of `amount` out of the payment's `paymentAmount` accounts for: in proportion,
 * rounded up (in the seller's favour, a partial refund never leaves a fraction behind), and never
 * more than the purchase's credits not yet accounted for by earlier refunds. A refund of the whole
 * rest accounts for every credit left.
 */
export function creditsWanted(input: { credits: number; paymentAmount: number; amount: number; rest: number; accounted: number }): number {
  const left = Math.max(0, input.credits - input.accounted);
  if (input.amount >= input.rest || input.paymentAmount <= 0) return left;
  return Math.min(left, Math.ceil((input.credits * input.amount) / input.paymentAmount));
}

/** Credits of the payment already accounted for by earlier refunds and a chargeback (taken back or recorded as spent). */
export async function creditsAccounted(tx: Tx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${paymentRefunds.creditsTaken} + ${paymentRefunds.creditsSpent}), 0)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return Number(row?.total ?? 0);
}

/**
 * Takes `wanted` credits back, or as many as the member still has (min(wanted, balance)), with one
 * ledger entry of kind 'refund' under `key`. The balance read first is not locked; if a spend got
 * in between, the ledger refuses (nothing written, the transaction still usable) and tells the
 * balance it saw under its lock, which is then final for this transaction.
 */
export async function takeBackCredits(
  tx: Tx,
  input: { userId: number; wanted: number; key: string; reference: string; now: Date },
): Promise<{ taken: number; spent: number }> {
  if (input.wanted <= 0) return { taken: 0, spent: 0 };
  const post = (amount: number) =>
    changeCredits(tx, {
      userId: input.userId,
      amount: -amount,
      kind: 'refund',
      idempotencyKey: input.key,
      reference: input.reference,
      now: input.now,
    });
  let taken = Math.min(input.wanted, await readBalance(tx, input.userId));
  try {
    if (taken > 0) taken = -(await post(taken)).amount;
  } catch (err) {
    if (!(err instanceof InsufficientCreditsError)) throw err;
    taken = Math.min(input.wanted, err.balance);
    if (taken > 0) taken = -(await post(taken)).amount;
  }
  return { taken, spent: input.wanted - taken };
}

/**
 * Publishes `payment.standing_changed` for a payment that was just wholly given back (or given back
 * again), with whether any purchase of the member still stands. The member's account row is
 * locked first: a settle of another payment posts its credits under that lock, so either it
 * committed before this reads (and its purchase is seen to stand) or it waits and makes the
 * member premium again after this.
 */
export async function publishStanding(
  events: DomainEvents,
  tx: Tx,
  fact: Pick<EventOf<'payment.standing_changed'>, 'userId' | 'paymentId' | 'cause'>,
): Promise<void> {
  await lockMemberAccount(tx, fact.userId);
  const [standing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, fact.userId),
        eq(payments.status, 'paid'),
        isNull(payments.chargedBackAt),
        // A purchase of nothing (a 100% code) cannot be given back, so it stands.
        or(lt(payments.refundedAmount, payments.amount), eq(payments.amount, 0)),
      ),
    )
    .limit(1);
  await events.publish(tx, { type: 'payment.standing_changed', ...fact, anyPurchaseStands: standing !== undefined });
}

/**
 * Takes back the purchase's unspent credits, records what was already spent, and blocks card
 * purchases until support lifts it. `events` is the bus whose transaction `tx` is: the member's
 * premium follows the purchases that still stand (issue 27, finding 5), so it is not optional.
 */
export async function applyChargeback(tx: Tx, input: ChargebackInput, events: DomainEvents): Promise<void> {
  const [payment] = await tx
    .select({ refundedAmount: payments.refundedAmount, chargedBackAt: payments.chargedBackAt })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for('update');
  if (!payment) throw new Error(`No payment ${input.paymentId} to charge back`);
  // A chargeback is reported once per payment; a replayed or repeated report changes nothing.
  if (payment.chargedBackAt !== null) return;

  const rest = input.amount - payment.refundedAmount;
  const wanted = creditsWanted({
    credits: input.credits,
    paymentAmount: input.amount,
    amount: rest,
    rest,
    accounted: await creditsAccounted(tx, input.paymentId),
  });
  const { taken, spent } = await takeBackCredits(tx, {
    userId: input.userId,
    wanted,
    key: `chargeback:${input.paymentId}`,
    reference: `payment:${input.paymentId}`,
    now: input.now,
  });
  // Nothing left to give back (refunded in full before): no money row, but the block still applies.
  if (rest > 0) {
    await tx
      .insert(paymentRefunds)
      .values({
        paymentId: input.paymentId,
        kind: 'chargeback',
        amount: rest,
        creditsTaken: taken,
        creditsSpent: spent,
        reason: 'chargeback reported by the provider',
        idempotencyKey: CHARGEBACK_KEY,
        createdAt: input.now,
      })
      .onConflictDoNothing();
  }
  await tx
    .update(payments)
    .set({ chargedBackAt: input.now, refundedAmount: input.amount, updatedAt: input.now })
    .where(and(eq(payments.id, input.paymentId)));
  // At most one open block per member and kind (partial unique index): an open one stays as it is.
  await tx
    .insert(purchaseBlocks)
    .values({ userId: input.userId, kind: 'card', reason: 'chargeback', paymentId: input.paymentId, createdAt: input.now })
    .onConflictDoNothing();
  if (events) await publishStanding(events, tx, { userId: input.userId, paymentId: input.paymentId, cause: 'chargeback' });
}
