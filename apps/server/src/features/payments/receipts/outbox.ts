/**
 * The receipt mail's outbox: a paid payment with receipt_sent_at null still owes its member a
 * receipt. queueReceipt sends it right after the commit that marked the payment paid; should
 * that fail (the mail server is down, the process stops), the receipt job sends every receipt
 * still owed, every minute.
 *
 * Sending claims the payment first by setting receipt_sent_at in the one UPDATE that checks it
 * is still null, so the immediate send and the job (in any number of processes) never both
 * send; a failed send gives the claim back for the next tick. The remaining gap, a crash
 * between the claim and the send, loses one mail rather than sending a receipt twice.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { payments } from '../../../db/schema';
import type { JobDefinition } from '../../../infra/jobs';
import { accountsByIds } from '../../accounts/moderation-accounts';
import type { PaymentDeps } from '../deps';
import { renderReceiptMail } from './receipt-mail';

export type ReceiptDeps = Pick<PaymentDeps, 'db' | 'clock' | 'mailer' | 'sites' | 'log'>;

export const RECEIPT_JOB = 'payment_receipts';
/** How many owed receipts one tick sends at most; the rest wait for the next minute. */
const RECEIPTS_PER_TICK = 200;

type PaymentRow = typeof payments.$inferSelect;

/** Takes the payment's receipt if it is paid and not sent (nor being sent): the row, or null. */
async function claim(deps: ReceiptDeps, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await deps.db
    .update(payments)
    .set({ receiptSentAt: deps.clock() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid'), isNull(payments.receiptSentAt)))
    .returning();
  return row ?? null;
}

async function release(deps: ReceiptDeps, payment: PaymentRow): Promise<void> {
  await deps.db
    .update(payments)
    .set({ receiptSentAt: null })
    .where(and(eq(payments.id, payment.id), eq(payments.receiptSentAt, payment.receiptSentAt!)));
}

async function deliver(deps: ReceiptDeps, payment: PaymentRow): Promise<void> {
  const member = (await accountsByIds(deps.db, [payment.userId])).get(payment.userId);
  const site = await deps.sites.byId(payment.siteId);
  // An erased account or a removed site: there is no one to send to, and the mark stays.
  if (!member || !site) return;
  const company = await deps.sites.company(site);
  const mail = renderReceiptMail({
    locale: member.language,
    site: { name: site.name, domain: site.domain, themeColor: site.themeColor, logoText: site.logoText, supportEmail: site.supportEmail },
    receipt: {
      invoiceNumber: payment.invoiceNumber!,
      paidAt: payment.paidAt!,
      credits: payment.credits,
      currency: payment.currency,
      amount: payment.amount,
      vatRateBp: payment.vatRateBp ?? 0,
      vatAmount: payment.vatAmount ?? 0,
      discountPercentage: payment.discountPercentage,
      withdrawalConsentAt: payment.withdrawalConsentAt,
    },
    seller: {
      name: company.name,
      address: company.address,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      vatNumbers: company.vatNumbers,
    },
  });
  await deps.mailer.send({
    to: member.email,
    fromName: site.name,
    fromAddress: site.supportEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [],
  });
}

/** Sends the payment's receipt if it is still owed; true when this call sent (or settled) it. Throws when the send failed. */
export async function sendReceipt(deps: ReceiptDeps, paymentId: number): Promise<boolean> {
  const payment = await claim(deps, paymentId);
  if (!payment) return false;
  try {
    await deliver(deps, payment);
    return true;
  } catch (err) {
    await release(deps, payment);
    throw err;
  }
}

/**
 * Called after the commit that marked a payment paid: sends the receipt now. A failure is
 * logged, not thrown: the payment stands and the receipt job sends it.
 */
export async function queueReceipt(deps: PaymentDeps, paymentId: number): Promise<void> {
  try {
    await sendReceipt(deps, paymentId);
  } catch (err) {
    deps.log.warn({ err, paymentId }, 'payments: the receipt was not sent now; the receipt job retries it');
  }
}

/** Paid payments whose receipt is still owed, oldest first. */
export async function owedReceiptIds(deps: Pick<ReceiptDeps, 'db'>): Promise<number[]> {
  const rows = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), isNull(payments.receiptSentAt)))
    .orderBy(asc(payments.paidAt))
    .limit(RECEIPTS_PER_TICK);
  return rows.map((r) => r.id);
}

/** Sends every owed receipt; one that fails is logged and left for the next tick. Answers how many went out. */
export async function sendOwedReceipts(deps: ReceiptDeps): Promise<number> {
  let sent = 0;
  for (const id of await owedReceiptIds(deps)) {
    try {
      if (await sendReceipt(deps, id)) sent += 1;
    } catch (err) {
      deps.log.warn({ err, paymentId: id }, 'payments: a receipt could not be sent; the next tick tries again');
    }
  }
  return sent;
}

export function receiptJob(deps: ReceiptDeps): JobDefinition<Record<string, never>> {
  return {
    name: RECEIPT_JOB,
    cron: '* * * * *',
    run: async () => {
      await sendOwedReceipts(deps);
    },
  };
}
