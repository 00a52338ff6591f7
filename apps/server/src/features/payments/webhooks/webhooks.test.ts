/**
 * Webhook storage and processing under load and failure: 1,000 concurrent deliveries for 100
 * payments post each payment's credits exactly once; deliveries arriving together share one
 * INSERT; an event stored but never processed (a crash) is picked up by the sweep job; a
 * notification that overtakes the payment's provider id waits for the sweep; a provider that
 * cannot create the payment marks it failed and answers 502.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { paymentEvents, payments, sandboxPayments } from '../../../db/schema';
import { siteById } from '../../sites/service';
import { PRODUCTION_PUBLIC_ORIGIN } from '../../sites/public-origin';
import { startPayment } from '../checkout';
import type { PaymentDeps } from '../deps';
import { ProviderError, type PaymentProvider } from '../providers/port';
import {
  createPaymentsTestApp,
  eventsProcessed,
  member,
  paymentRow,
  purchaseEntries,
  setSandboxStatus,
  startedPayment,
  userRow,
  webhook,
  type PaymentsTestApp,
} from '../test/payments-test-kit';
import { createSandboxProvider } from '../providers/sandbox';
import { createEventStore, insertEvents, MAX_WRITES_IN_FLIGHT } from './event-store';
import { processEvents } from './process';

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
}, 60_000);
afterAll(async () => t?.close());

function shuffle<T>(list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('1,000 concurrent webhooks for 100 payments', () => {
  it("posts each payment's credits exactly once", async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => member(t)));
    const before = new Map<number, number>();
    for (const m of members) before.set(m.userId, (await userRow(t, m.userId)).credits);
    const started: (Awaited<ReturnType<typeof startedPayment>> & { userId: number })[] = [];
    for (let i = 0; i < 100; i++) {
      const m = members[i % members.length]!;
      started.push({
        ...(await startedPayment(t, m.cookie, { package_id: (['p0', 'p1', 'p2', 'p3'] as const)[i % 4] })),
        userId: m.userId,
      });
    }
    await t.database.db
      .update(sandboxPayments)
      .set({ status: 'paid' })
      .where(
        inArray(
          sandboxPayments.id,
          started.map((p) => p.sandboxId),
        ),
      );

    // Each payment: 10 deliveries, 5 distinct notifications each delivered twice, all shuffled together.
    const deliveries = shuffle(
      started.flatMap((p) => Array.from({ length: 10 }, (_, k) => ({ sandboxId: p.sandboxId, eventId: `evt_${p.id}_${k % 5}` }))),
    );
    const answers = await Promise.all(deliveries.map((d) => webhook(t, d.sandboxId, d.eventId)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'OK')).toBe(true);
    await eventsProcessed(t, 120_000);

    const events = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.providerPaymentId,
          started.map((p) => p.sandboxId),
        ),
      );
    expect(events[0]!.n).toBe(500);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          started.map((p) => p.id),
        ),
      );
    expect(rows.every((row) => row.status === 'paid')).toBe(true);

    // The ledger: one entry per payment, and the balances moved by exactly the sum of the packages.
    const entries = (await purchaseEntries(t)).filter((e) => started.some((p) => e.idempotencyKey === `payment:${p.id}`));
    expect(entries).toHaveLength(100);
    expect(new Set(entries.map((e) => e.idempotencyKey)).size).toBe(100);
    for (const p of started) expect(entries.find((e) => e.reference === `payment:${p.id}`)!.amount).toBe(p.row.credits);
    for (const m of members) {
      const bought = started.filter((p) => p.userId === m.userId).reduce((sum, p) => sum + p.row.credits, 0);
      expect((await userRow(t, m.userId)).credits).toBe(before.get(m.userId)! + bought);
    }
  }, 240_000);
});

describe('the event store', () => {
  it('writes deliveries arriving together in one INSERT, answers each after it is stored, and a replayed id once', async () => {
    const store = createEventStore(t.database.db);
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.store({ provider: 'sandbox', eventId: `batch_${now.getTime()}_${i % 30}`, providerPaymentId: 'sbx_batch', receivedAt: now }),
      ),
    );
    expect(store.statements).toBe(1);
    expect(results.filter((r) => r !== null)).toHaveLength(30);
    const stored = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, 'sbx_batch'));
    expect(stored).toHaveLength(30);
    // Stored before answered: every answered new id is in the table.
    for (const r of results) if (r) expect(stored.some((row) => row.id === r.id)).toBe(true);
    const again = await store.store({
      provider: 'sandbox',
      eventId: `batch_${now.getTime()}_0`,
      providerPaymentId: 'sbx_batch',
      receivedAt: now,
    });
    expect(again).toBeNull();
    await t.database.db.delete(paymentEvents).where(eq(paymentEvents.providerPaymentId, 'sbx_batch'));
  });
});

describe('the event store under load (group commit)', () => {
  it('runs at most MAX_WRITES_IN_FLIGHT statements at once; deliveries arriving meanwhile all go into the next one', async () => {
    // The real statement behind a gate: the first statements stay in flight until it opens.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const db = t.database.db;
    const store = createEventStore(db, async (database, events) => (await gate, insertEvents(database, events)));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const run = `gc_${Date.now()}`;
    const event = (i: number) => ({
      provider: 'sandbox',
      eventId: `${run}_${i}`,
      providerPaymentId: 'sbx_group_commit',
      receivedAt: new Date(),
    });
    const answers: Promise<unknown>[] = [];
    // Each delivery in a turn of its own: the first MAX_WRITES_IN_FLIGHT go out alone, at once.
    for (let i = 0; i < MAX_WRITES_IN_FLIGHT; i++) {
      answers.push(store.store(event(i)));
      await turn();
    }
    expect(store.statements).toBe(MAX_WRITES_IN_FLIGHT);
    for (let i = MAX_WRITES_IN_FLIGHT; i < MAX_WRITES_IN_FLIGHT + 20; i++) {
      answers.push(store.store(event(i)));
      await turn();
    }
    // Nothing more was written while both statements ran.
    expect(store.statements).toBe(MAX_WRITES_IN_FLIGHT);
    open();
    const stored = await Promise.all(answers);
    expect(stored.every((row) => row !== null)).toBe(true);
    // The 20 that waited went together.
    expect(store.statements).toBe(MAX_WRITES_IN_FLIGHT + 1);
    const rows = await db.select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, 'sbx_group_commit'));
    expect(rows).toHaveLength(MAX_WRITES_IN_FLIGHT + 20);
    await db.delete(paymentEvents).where(eq(paymentEvents.providerPaymentId, 'sbx_group_commit'));
  });
});

describe('concurrent batches with the same event ids', () => {
  it('never deadlock: each batch takes its rows in key order, whatever order the deliveries came in', async () => {
    // Two batches in flight that share event ids in opposite orders: in arrival order PostgreSQL
    // finds them waiting for each other and fails one (40P01, seen in the 1,000-webhooks test).
    const run = `dl_${Date.now()}`;
    const events = Array.from({ length: 2_000 }, (_, i) => ({
      provider: 'sandbox',
      eventId: `${run}_${String(i).padStart(4, '0')}`,
      providerPaymentId: 'sbx_deadlock',
      receivedAt: new Date(),
    }));
    for (let round = 0; round < 5; round++) {
      const shuffled = shuffle(events);
      const results = await Promise.all([insertEvents(t.database.db, shuffled), insertEvents(t.database.db, [...shuffled].reverse())]);
      // Each event id is new exactly once over the two batches (the first round), never twice.
      expect(results[0].length + results[1].length).toBe(round === 0 ? events.length : 0);
    }
    await t.database.db.delete(paymentEvents).where(eq(paymentEvents.providerPaymentId, 'sbx_deadlock'));
  });
});

describe('processing a round', () => {
  it('asks a provider that answers for many payments once for the whole round, and settles what it says', async () => {
    const m = await member(t);
    const started = [await startedPayment(t, m.cookie), await startedPayment(t, m.cookie), await startedPayment(t, m.cookie)];
    for (const p of started) await setSandboxStatus(t, p.sandboxId, 'paid');
    const sandbox = createSandboxProvider({ db: t.database.db, clock: t.clock });
    const asked = { together: 0, alone: 0 };
    const counting: PaymentProvider = {
      ...sandbox,
      fetchStatus: (id) => ((asked.alone += 1), sandbox.fetchStatus(id)),
      fetchStatuses: (ids) => ((asked.together += 1), sandbox.fetchStatuses!(ids)),
    };
    // What settling needs (settle.ts); the receipt is the job's business.
    const deps = {
      db: t.database.db,
      clock: t.clock,
      events: t.app.events,
      log: t.app.log,
      provider: counting,
    } as unknown as PaymentDeps;
    const rows = await t.database.db
      .insert(paymentEvents)
      .values(
        started.flatMap((p, i) =>
          [0, 1].map((k) => ({
            provider: 'sandbox',
            eventId: `round_${p.id}_${i}_${k}`,
            providerPaymentId: p.sandboxId,
            receivedAt: t.clock(),
          })),
        ),
      )
      .returning({ id: paymentEvents.id, providerPaymentId: paymentEvents.providerPaymentId });
    expect(await processEvents(deps, rows)).toEqual({ processed: 6, failed: 0 });
    expect(asked).toEqual({ together: 1, alone: 0 });
    for (const p of started) expect((await paymentRow(t, p.id)).status).toBe('paid');
    expect(await purchaseEntries(t, m.userId)).toHaveLength(3);
  });

  it("the sandbox's answer for many payments leaves out ids it does not know", async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    await setSandboxStatus(t, p.sandboxId, 'failed');
    const sandbox = createSandboxProvider({ db: t.database.db, clock: t.clock });
    const answer = await sandbox.fetchStatuses!([p.sandboxId, 'sbx_unknown0000', 'not-a-sandbox-id']);
    expect([...answer.keys()]).toEqual([p.sandboxId]);
    expect(answer.get(p.sandboxId)).toEqual({ status: 'failed', refundedAmount: 0, chargedBack: false });
  });
});

describe('the sweep', () => {
  it('processes an event that was stored but never processed (a crash between the answer and the processing)', async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    await setSandboxStatus(t, p.sandboxId, 'paid');
    await t.database.db
      .insert(paymentEvents)
      .values({ provider: 'sandbox', eventId: 'evt_crashed', providerPaymentId: p.sandboxId, receivedAt: t.clock() });
    // Still within its grace period: the sweep leaves it to the process that stored it.
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect((await paymentRow(t, p.id)).status).toBe('open');
    t.clock.advance(61_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect((await paymentRow(t, p.id)).status).toBe('paid');
    const [event] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_crashed'));
    expect(event!.processedAt).not.toBeNull();
    expect(await purchaseEntries(t, m.userId)).toHaveLength(1);
  });

  it('a notification for a payment not known yet stays unprocessed, counted, and is settled by a later sweep', async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    await setSandboxStatus(t, p.sandboxId, 'paid');
    // As if the notification overtook the storing of the provider's id.
    await t.database.db.update(payments).set({ providerPaymentId: null }).where(eq(payments.id, p.id));
    await webhook(t, p.sandboxId, 'evt_too_early');
    const waitAttempt = async () => {
      for (let i = 0; i < 500; i++) {
        const [row] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_too_early'));
        if (row && row.attempts > 0) return row;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the early event was not tried');
    };
    const tried = await waitAttempt();
    expect(tried.processedAt).toBeNull();
    await t.database.db.update(payments).set({ providerPaymentId: p.sandboxId }).where(eq(payments.id, p.id));
    t.clock.advance(61_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect((await paymentRow(t, p.id)).status).toBe('paid');
    const left = await t.database.db.select().from(paymentEvents).where(isNull(paymentEvents.processedAt));
    expect(left.filter((e) => e.eventId === 'evt_too_early')).toHaveLength(0);
  });
});

describe('an abandoned start', () => {
  it('a payment left open without a provider id (the process stopped mid-start) is failed by the sweep after an hour', async () => {
    const m = await member(t);
    const p = await startedPayment(t, m.cookie);
    await t.database.db.update(payments).set({ providerPaymentId: null }).where(eq(payments.id, p.id));
    t.clock.advance(30 * 60_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect((await paymentRow(t, p.id)).status).toBe('open');
    t.clock.advance(31 * 60_000);
    await t.app.jobs.runSchedules();
    await t.app.jobs.drain();
    expect((await paymentRow(t, p.id)).status).toBe('failed');
  });
});

describe('the provider failing', () => {
  it('marks the payment failed and answers 502 payment_provider_unavailable; a replay of its key answers the same', async () => {
    const m = await member(t);
    const failing: PaymentProvider = {
      name: 'sandbox',
      createPayment: () => Promise.reject(new ProviderError('down', true)),
      fetchStatus: () => Promise.reject(new ProviderError('down', true)),
      refund: () => Promise.reject(new ProviderError('down', true)),
      parseWebhook: () => null,
      webhookAnswer: { contentType: 'text/plain', body: 'OK' },
    };
    const deps = {
      db: t.database.db,
      clock: t.clock,
      events: t.app.events,
      log: t.app.log,
      provider: failing,
      publicOrigin: PRODUCTION_PUBLIC_ORIGIN,
    } as unknown as PaymentDeps;
    const site = (await siteById(t.database.db, (await userRow(t, m.userId)).siteId))!;
    const input = {
      member: {
        userId: m.userId,
        email: 'x@example.com',
        language: 'en' as const,
        activatedAt: t.clock(),
        paidUser: false,
        ipAddress: '127.0.0.1',
      },
      site,
      packageId: 'p1' as const,
      method: 'visa' as const,
      country: 'GB' as const,
      idempotencyKey: 'k_failing_provider',
    };
    await expect(startPayment(deps, input)).rejects.toMatchObject({ status: 502, code: 'payment_provider_unavailable' });
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, m.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', providerPaymentId: null });
    await expect(startPayment(deps, input)).rejects.toMatchObject({ status: 502 });
  });
});
