/**
 * The built-in sandbox provider (issue 14, decision 032), the default: a payment service provider
 * that lives in this app. Its book is the sandbox_payments table (so any process answers for any
 * payment); its checkout is a local test page (sandbox-routes.ts) where a person chooses paid,
 * failed, cancelled or pending, after which it posts a webhook to the stored URL like a real
 * provider would.
 *
 * A direct debit (sdd) has no checkout: the sandbox approves every mandate at once, so the payment
 * is paid as soon as it is created and its webhook follows. Nothing here moves real money.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TPaymentStatus } from '@cupido/shared/rules/payments';
import type { Database } from '../../../db/open';
import { executePrepared } from '../../../db/prepared';
import { sandboxPayments } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import { ProviderError, type PaymentProvider } from './port';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** The sandbox's webhook body: which payment, and this notification's own id. */
export interface SandboxWebhookBody {
  event_id: string;
  payment_id: string;
}

/** A webhook that does not arrive within this long is given up: the transaction page's re-fetch settles the payment anyway. */
const WEBHOOK_TIMEOUT_MS = 3_000;

const SANDBOX_ID = /^sbx_[0-9a-f]{24}$/;

export function isSandboxId(id: string): boolean {
  return SANDBOX_ID.test(id);
}

export async function sandboxPayment(db: Database, id: string): Promise<SandboxPayment | null> {
  if (!isSandboxId(id)) return null;
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row ?? null;
}

/** What the test page's person chose. Only an open or pending payment takes a choice; a final one keeps its status. */
export async function recordSandboxChoice(db: Database, id: string, status: TPaymentStatus): Promise<SandboxPayment | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status })
    .where(and(eq(sandboxPayments.id, id), sql`${sandboxPayments.status} in ('open', 'pending')`))
    .returning();
  return row ?? (await sandboxPayment(db, id));
}

/** The payer's bank reversed a paid payment (test-only: the finance helper and tests trigger it). */
export async function markSandboxChargedBack(db: Database, id: string): Promise<SandboxPayment | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ chargedBack: true })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'paid')))
    .returning();
  return row ?? null;
}

/**
 * Posts the provider's notification to the payment's webhook URL, as a real provider would from
 * its servers. Answers whether it was accepted; a failure is not retried here: the payment
 * settles through the transaction page's re-fetch.
 */
export async function sendSandboxWebhook(payment: Pick<SandboxPayment, 'id' | 'webhookUrl'>): Promise<boolean> {
  const body: SandboxWebhookBody = { event_id: `evt_${randomBytes(12).toString('hex')}`, payment_id: payment.id };
  try {
    const response = await fetch(payment.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function field(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null;
}

export function createSandboxProvider(deps: { db: Database; clock: Clock }): PaymentProvider {
  const { db, clock } = deps;
  return {
    name: 'sandbox',

    async createPayment(input) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      const directDebit = input.method === 'sdd';
      await db.insert(sandboxPayments).values({
        id,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        description: input.description,
        returnUrl: input.returnUrl,
        webhookUrl: input.webhookUrl,
        // The sandbox approves every direct debit mandate at once: nothing for the member to do.
        status: directDebit ? 'paid' : 'open',
        createdAt: clock(),
      });
      if (directDebit) {
        // After this call has answered, as a real provider's notification would come; if it
        // arrives before the payment knows its provider id, the event waits for the sweep.
        setImmediate(() => void sendSandboxWebhook({ id, webhookUrl: input.webhookUrl }));
        return { providerPaymentId: id, checkoutUrl: null };
      }
      return { providerPaymentId: id, checkoutUrl: `${new URL(input.returnUrl).origin}/sandbox/checkout/${id}` };
    },

    async fetchStatus(providerPaymentId) {
      const row = await sandboxPayment(db, providerPaymentId);
      if (!row) throw new ProviderError(`The sandbox has no payment ${providerPaymentId}`, false);
      return { status: row.status, refundedAmount: row.refundedAmount, chargedBack: row.chargedBack };
    },

    async fetchStatuses(providerPaymentIds) {
      const ids = providerPaymentIds.filter(isSandboxId);
      if (ids.length === 0) return new Map();
      // One text for every round (an array parameter), planned once per connection.
      const rows = await executePrepared<{ id: string; status: TPaymentStatus; refundedAmount: number; chargedBack: boolean }>(
        db,
        sql`select id, status, refunded_amount as "refundedAmount", charged_back as "chargedBack" from ${sandboxPayments} where id = any(${sql.param(ids)}::text[])`,
      );
      return new Map(rows.map((row) => [row.id, { status: row.status, refundedAmount: row.refundedAmount, chargedBack: row.chargedBack }]));
    },

    async refund(providerPaymentId, amount) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new ProviderError('A refund needs a positive amount', false);
      const [row] = await db
        .update(sandboxPayments)
        .set({ refundedAmount: sql`${sandboxPayments.refundedAmount} + ${amount}` })
        .where(
          and(
            eq(sandboxPayments.id, providerPaymentId),
            eq(sandboxPayments.status, 'paid'),
            sql`${sandboxPayments.refundedAmount} + ${amount} <= ${sandboxPayments.amount}`,
          ),
        )
        .returning({ id: sandboxPayments.id });
      // Like a real provider: nothing above what was paid (and not yet given back) is refunded.
      if (!row) throw new ProviderError(`The sandbox refuses to refund ${amount} of ${providerPaymentId}`, false);
      return { refundId: `sbxr_${randomBytes(8).toString('hex')}` };
    },

    parseWebhook(request: FastifyRequest) {
      const eventId = field(request.body, 'event_id');
      const providerPaymentId = field(request.body, 'payment_id');
      if (!eventId || !providerPaymentId) return null;
      return { eventId, providerPaymentId };
    },

    webhookAnswer: { contentType: 'text/plain; charset=utf-8', body: 'OK' },
  };
}
