/**
 * Processing stored webhook events (issue 14): the feature never trusts a webhook's body for a
 * status, so for each payment named it asks the provider (fetchStatus) and settles what it says
 * (settle.ts: forward transitions only, credits once). Events are marked processed afterwards; an
 * event whose processing failed keeps processed_at null and counts an attempt, and the
 * payment_events_sweep job tries it again.
 *
 * Right after a delivery is stored and answered, this process works on it (off the request's
 * path). Events for one payment that arrive together are coalesced: the provider is asked once
 * for all of them, since its answer covers them all; and a provider that can answer for many
 * payments at once (fetchStatuses) is asked once for the whole round.
 */
import { sql } from 'drizzle-orm';
import type { TPaymentStatus } from '@cupido/shared/rules/payments';
import { executePrepared } from '../../../db/prepared';
import { paymentEvents, payments } from '../../../db/schema';
import type { PaymentDeps } from '../deps';
import { needsWork, settlePayment } from '../settle';
import type { ProviderStatus } from '../providers/port';
import type { StoredEvent } from './event-store';

/** Payments worked on at once by one round (PostgreSQL's pool has 10 connections; PGlite runs one statement at a time anyway). */
const CONCURRENCY = 4;

/** Processes `events`: one provider question and settlement per payment, then the events marked. */
export async function processEvents(deps: PaymentDeps, events: StoredEvent[]): Promise<{ processed: number; failed: number }> {
  const byPayment = new Map<string, number[]>();
  for (const event of events) byPayment.set(event.providerPaymentId, [...(byPayment.get(event.providerPaymentId) ?? []), event.id]);
  const done: number[] = [];
  const failed: number[] = [];
  // The round's payments in one read; most notifications turn out to be nothing new for them.
  // Array parameters and a prepared statement: the same text for every round, whatever its size.
  const rows = await executePrepared<{
    id: number;
    providerPaymentId: string;
    status: TPaymentStatus;
    chargedBackAt: string | Date | null;
  }>(
    deps.db,
    sql`select ${payments.id} as "id", ${payments.providerPaymentId} as "providerPaymentId", ${payments.status} as "status", ${payments.chargedBackAt} as "chargedBackAt"
      from ${payments} where ${payments.provider} = ${deps.provider.name} and ${payments.providerPaymentId} = any(${sql.param([...byPayment.keys()])}::text[])`,
  );
  const known = new Map(
    rows.map((row) => [row.providerPaymentId, { ...row, chargedBackAt: row.chargedBackAt === null ? null : new Date(row.chargedBackAt) }]),
  );
  // One question for the round where the provider can answer it (the sandbox); else one per payment below.
  const askable = [...byPayment.keys()].filter((id) => known.has(id));
  const answered: Map<string, ProviderStatus> | null =
    deps.provider.fetchStatuses && askable.length > 0
      ? await deps.provider.fetchStatuses(askable).catch((err: unknown) => {
          deps.log.warn({ err, provider: deps.provider.name }, 'payments: statuses not fetched together; asking one by one');
          return null;
        })
      : null;
  const queue = [...byPayment.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [providerPaymentId, ids] = next;
      try {
        const payment = known.get(providerPaymentId);
        // Not known yet (the notification overtook the storing of the provider's id) or not ours: the sweep tries again.
        if (!payment) throw new Error(`no payment with ${deps.provider.name} id ${providerPaymentId}`);
        const snapshot = answered?.get(providerPaymentId) ?? (await deps.provider.fetchStatus(providerPaymentId));
        if (needsWork(payment, snapshot)) await settlePayment(deps, payment.id, snapshot);
        done.push(...ids);
      } catch (err) {
        deps.log.warn({ err, provider: deps.provider.name }, 'payments: webhook event not processed yet');
        failed.push(...ids);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  const now = deps.clock();
  if (done.length > 0) {
    await executePrepared(
      deps.db,
      sql`update ${paymentEvents} set processed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1 where id = any(${sql.param(done)}::bigint[])`,
    );
  }
  if (failed.length > 0) {
    await executePrepared(deps.db, sql`update ${paymentEvents} set attempts = attempts + 1 where id = any(${sql.param(failed)}::bigint[])`);
  }
  return { processed: done.length, failed: failed.length };
}

/**
 * How long the in-process follow-up lets stored deliveries gather before a round: under a burst a
 * round then carries dozens of events for its three statements (payments, provider, marks)
 * instead of a few, and a member waits a few milliseconds longer for credits.
 */
export const ROUND_GATHER_MS = 10;

/** The in-process follow-up of stored deliveries: events queued while a round runs or gathers go into the next round together. */
export function createEventProcessor(deps: PaymentDeps) {
  let waiting: StoredEvent[] = [];
  let running: Promise<void> | null = null;

  function kick() {
    if (running) return;
    running = (async () => {
      try {
        while (waiting.length > 0) {
          await new Promise((resolve) => setTimeout(resolve, ROUND_GATHER_MS));
          const round = waiting;
          waiting = [];
          await processEvents(deps, round).catch((err: unknown) => deps.log.error({ err }, 'payments: webhook processing round failed'));
        }
      } finally {
        running = null;
        if (waiting.length > 0) kick();
      }
    })();
  }

  return {
    enqueue(event: StoredEvent) {
      waiting.push(event);
      kick();
    },
    /** Resolves once everything queued so far is processed (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}

export type EventProcessor = ReturnType<typeof createEventProcessor>;
