/**
 * Refunds by finance (issue 14): full and partial refunds take back the purchase's unspent
 * credits and record the spent; the rest bounds the amount; a replayed key refunds once; two
 * parallel refunds of the rest give one refund; a provider refusal leaves nothing changed.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { creditEntries, paymentRefunds } from '../../../db/schema';
import { auditEntriesOf, errorOf, staffOfRole, type TestStaff } from '../../members-desk/test/members-desk-test-kit';
import { payments, users } from '../../../db/schema';
import { MEMBER_CHANGED_CHANNEL } from '../../../plugins/session';
import { applyChargeback } from './take-back';
import {
  balanceOf,
  createFakeProvider,
  defaultSiteId,
  newMember,
  openPayment,
  paidPayment,
  paymentRow,
  spend,
  type FakeProvider,
} from './test/finance-test-kit';

let t: TestApp;
let fake: FakeProvider;
let finance: TestStaff;
let siteId: number;
beforeAll(async () => {
  fake = createFakeProvider();
  t = await createTestApp({}, { providers: { payment: fake } });
  finance = await staffOfRole(t.database.db, 'finance');
  siteId = await defaultSiteId(t.database.db);
});
afterAll(() => t.close());
beforeEach(() => {
  fake.refuse = false;
  fake.gate = null;
  fake.refunds.length = 0;
});

const key = () => randomBytes(8).toString('hex');
const refund = (paymentId: number, body: { amount: number; reason?: string; idempotency_key?: string }, staff: TestStaff = finance) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api/payments/${paymentId}/refunds`,
    cookies: staff.cookies,
    payload: { reason: 'member asked', idempotency_key: key(), ...body },
  });
const refundRows = (paymentId: number) => t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

async function paidMember(opts: { credits?: number; amount?: number } = {}) {
  const userId = await newMember(t.database.db, siteId);
  const paymentId = await paidPayment(t.database.db, { userId, siteId, ...opts });
  return { userId, paymentId };
}

describe('refunds', () => {
  it('a full refund takes back the unspent credits and records the spent ones', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    await spend(t.database.db, userId, 20);
    const response = await refund(paymentId, { amount: 1995 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      refunded_amount: 1995,
      replayed: false,
      refund: { kind: 'refund', amount: 1995, credits_taken: 100, credits_spent: 20, staff_user_id: finance.id },
    });
    expect(answer.refund.provider_refund_id).toMatch(/^re_/);
    expect(await balanceOf(t.database.db, userId)).toBe(0);
    expect((await paymentRow(t.database.db, paymentId)).refundedAmount).toBe(1995);
    expect(fake.refunds).toEqual([{ providerPaymentId: (await paymentRow(t.database.db, paymentId)).providerPaymentId, amount: 1995 }]);
    const entries = await t.database.db.select().from(creditEntries).where(eq(creditEntries.userId, userId));
    expect(entries.filter((e) => e.kind === 'refund').map((e) => [e.amount, e.idempotencyKey])).toEqual([
      [-100, `refund:${answer.refund.id}`],
    ]);
    const audit = await auditEntriesOf(t.database.db, 'payment', paymentId);
    expect(audit.map((a) => a.action)).toEqual(['payment.refund']);
    expect(audit[0]!.after).toMatchObject({ amount: 1995, credits_taken: 100, credits_spent: 20 });

    // Nothing is left to refund.
    expect(errorOf(await refund(paymentId, { amount: 1 })).code).toBe('payment_refunded');
    const detail = (await t.app.inject({ method: 'GET', url: `/admin/api/payments/${paymentId}`, cookies: finance.cookies })).json();
    expect(detail).toMatchObject({ refundable: 0, credits: { posted: 120, taken: 100, spent: 20 }, refunds: [{ amount: 1995 }] });
  });

  it('partial refunds take credits in proportion (rounded up), the last one the rest', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    const first = await refund(paymentId, { amount: 1000 });
    expect(first.statusCode, first.body).toBe(200);
    // 120 × 1000 / 1995 = 60.15 → 61.
    expect(first.json().refund).toMatchObject({ amount: 1000, credits_taken: 61, credits_spent: 0 });
    expect(await balanceOf(t.database.db, userId)).toBe(59);

    await spend(t.database.db, userId, 50);
    const second = await refund(paymentId, { amount: 995 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refund).toMatchObject({ amount: 995, credits_taken: 9, credits_spent: 50 });
    expect(second.json().refunded_amount).toBe(1995);
    expect(await balanceOf(t.database.db, userId)).toBe(0);
  });

  it('drops the member’s cached view after the refund took credits, and again after a refusal gave them back (issue 33)', async () => {
    // The session's drop tells every process through the broker: its messages say whose view went.
    const dropped: number[] = [];
    await t.app.broker.subscribe(MEMBER_CHANGED_CHANNEL, (message) => {
      const change = message as { userId?: number; credits?: number };
      if (change.userId !== undefined && change.credits === undefined) dropped.push(change.userId);
    });
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    expect((await refund(paymentId, { amount: 500 })).statusCode).toBe(200);
    await vi.waitFor(() => expect(dropped.filter((id) => id === userId)).toHaveLength(1));
    fake.refuse = true;
    expect((await refund(paymentId, { amount: 500 })).statusCode).toBe(502);
    // Once when the reservation took the credits, once when its undoing gave them back.
    await vi.waitFor(() => expect(dropped.filter((id) => id === userId)).toHaveLength(3));
  });

  it('refuses more than the rest, an unpaid payment and an unknown one, changing nothing', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    expect((await refund(paymentId, { amount: 500 })).statusCode).toBe(200);
    const above = await refund(paymentId, { amount: 1496 });
    expect(above.statusCode).toBe(409);
    expect(errorOf(above)).toMatchObject({ code: 'refund_above_rest', field: 'amount' });
    expect(errorOf(above).message).toContain('1495');
    expect((await paymentRow(t.database.db, paymentId)).refundedAmount).toBe(500);
    expect(await refundRows(paymentId)).toHaveLength(1);
    expect(fake.refunds).toHaveLength(1);

    const open = await openPayment(t.database.db, { userId, siteId });
    expect(errorOf(await refund(open, { amount: 100 })).code).toBe('payment_not_paid');
    expect((await refund(2_000_000_000, { amount: 100 })).statusCode).toBe(404);
    expect((await refund(paymentId, { amount: 0 })).statusCode).toBe(400);

    // Paid through a provider this server does not use now: refunded there, not here.
    const other = await paidPayment(t.database.db, { userId, siteId });
    await t.database.db.update(payments).set({ provider: 'paynl' }).where(eq(payments.id, other));
    expect(errorOf(await refund(other, { amount: 100 })).code).toBe('payment_other_provider');
    expect(fake.refunds).toHaveLength(1);
  });

  it('a replayed key answers the same refund and refunds once', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    const idempotencyKey = key();
    const first = await refund(paymentId, { amount: 700, idempotency_key: idempotencyKey });
    const again = await refund(paymentId, { amount: 700, idempotency_key: idempotencyKey });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      replayed: true,
      refunded_amount: 700,
      refund: { id: first.json().refund.id, provider_refund_id: first.json().refund.provider_refund_id },
    });
    expect(fake.refunds).toHaveLength(1);
    expect((await paymentRow(t.database.db, paymentId)).refundedAmount).toBe(700);
    expect(await balanceOf(t.database.db, userId)).toBe(120 - 43);
    expect((await auditEntriesOf(t.database.db, 'payment', paymentId)).filter((a) => a.action === 'payment.refund')).toHaveLength(1);
  });

  it('two parallel refunds of the rest: one refunds, the other is refused', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    const [a, b] = await Promise.all([refund(paymentId, { amount: 1995 }), refund(paymentId, { amount: 1995 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(errorOf(a.statusCode === 409 ? a : b).code).toBe('payment_refunded');
    expect(fake.refunds).toHaveLength(1);
    expect((await paymentRow(t.database.db, paymentId)).refundedAmount).toBe(1995);
    expect(await refundRows(paymentId)).toHaveLength(1);
    expect(await balanceOf(t.database.db, userId)).toBe(0);
  });

  it('a provider refusal undoes the reservation: amount, row and credits as before; 502', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    await spend(t.database.db, userId, 10);
    fake.refuse = true;
    const idempotencyKey = key();
    const refused = await refund(paymentId, { amount: 1995, idempotency_key: idempotencyKey });
    expect(refused.statusCode, refused.body).toBe(502);
    expect(errorOf(refused).code).toBe('provider_refused_refund');
    expect((await paymentRow(t.database.db, paymentId)).refundedAmount).toBe(0);
    expect(await refundRows(paymentId)).toEqual([]);
    expect(await balanceOf(t.database.db, userId)).toBe(110);
    expect((await auditEntriesOf(t.database.db, 'payment', paymentId)).map((a) => a.action)).toEqual(['payment.refund_refused']);

    // The same key may be tried again once the provider takes it.
    fake.refuse = false;
    const retried = await refund(paymentId, { amount: 1995, idempotency_key: idempotencyKey });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ replayed: false, refund: { credits_taken: 110, credits_spent: 10 } });
    expect(await balanceOf(t.database.db, userId)).toBe(0);
  });

  it('a full refund the provider refuses gives premium back with the purchase (issue 27)', async () => {
    const { userId, paymentId } = await paidMember({ credits: 120, amount: 1995 });
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, userId));
    const premium = async () =>
      (await t.database.db.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, userId)))[0]!.paidUser;
    let release!: () => void;
    fake.gate = new Promise<void>((resolve) => (release = resolve));
    fake.refuse = true;
    const pending = refund(paymentId, { amount: 1995 });
    // Reserved in full: nothing of the only purchase stands while the provider answers.
    await vi.waitFor(async () => expect(await refundRows(paymentId)).toHaveLength(1));
    expect(await premium()).toBe(false);
    release();
    expect((await pending).statusCode).toBe(502);
    expect(await premium()).toBe(true);
  });

  it('holds no lock while the provider answers: the payment page reads meanwhile and shows the reservation', async () => {
    const { paymentId } = await paidMember({ credits: 120, amount: 1995 });
    let release!: () => void;
    fake.gate = new Promise<void>((resolve) => (release = resolve));
    const pending = refund(paymentId, { amount: 995 });
    await vi.waitFor(async () => expect(await refundRows(paymentId)).toHaveLength(1));
    const during = (await t.app.inject({ method: 'GET', url: `/admin/api/payments/${paymentId}`, cookies: finance.cookies })).json();
    expect(during.refunds[0]).toMatchObject({ amount: 995, provider_refund_id: null });
    expect(during.refundable).toBe(1000);
    release();
    expect((await pending).statusCode).toBe(200);
  });

  it('a chargeback while the provider answers, then a refusal: the chargeback keeps the money and credits, nothing is given back twice', async () => {
    const { userId, paymentId } = await paidMember({ credits: 100, amount: 1000 });
    await spend(t.database.db, userId, 10);
    let release!: () => void;
    fake.gate = new Promise<void>((resolve) => (release = resolve));
    fake.refuse = true;
    const pending = refund(paymentId, { amount: 400 });
    await vi.waitFor(async () => expect(await refundRows(paymentId)).toHaveLength(1));
    // 40 credits reserved by the refund; the chargeback takes the rest (600) and the 50 unspent credits left.
    await t.app.events.transaction(t.database.db, async (tx) => {
      const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      await applyChargeback(tx, { paymentId, userId, amount: p!.amount, credits: p!.credits, now: new Date() }, t.app.events);
    });
    release();
    expect((await pending).statusCode).toBe(502);
    const rows = await refundRows(paymentId);
    expect(rows).toEqual([expect.objectContaining({ kind: 'chargeback', amount: 1000, creditsTaken: 90, creditsSpent: 10 })]);
    expect((await paymentRow(t.database.db, paymentId)).refundedAmount).toBe(1000);
    expect(await balanceOf(t.database.db, userId)).toBe(0);
  });
});
