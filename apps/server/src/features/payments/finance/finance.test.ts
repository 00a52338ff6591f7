/**
 * Finance's other calls (issue 14): a chargeback (applyChargeback, as the webhook processing calls
 * it inside the payment's transaction) takes back unspent credits, records the spent and blocks
 * card purchases; support lifts the block; staff block by hand; the payments list, one payment
 * and revenue; who may call what (spot checks; the full table is the staff feature's suite).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { paymentRefunds, payments, purchaseBlocks } from '../../../db/schema';
import { auditEntriesOf, errorOf, staffOfRole, type TestStaff } from '../../members-desk/test/members-desk-test-kit';
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
let support: TestStaff;
let moderator: TestStaff;
let siteId: number;
beforeAll(async () => {
  fake = createFakeProvider();
  t = await createTestApp({}, { providers: { payment: fake } });
  finance = await staffOfRole(t.database.db, 'finance');
  support = await staffOfRole(t.database.db, 'support');
  moderator = await staffOfRole(t.database.db, 'moderator');
  siteId = await defaultSiteId(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, staff: TestStaff = finance) => t.app.inject({ method: 'GET', url, cookies: staff.cookies });
const post = (url: string, payload: object | undefined, staff: TestStaff) =>
  t.app.inject({ method: 'POST', url, cookies: staff.cookies, payload });

/** As the webhook processing does: lock the payment, then apply. */
async function chargeBack(paymentId: number) {
  await t.app.events.transaction(t.database.db, async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    await applyChargeback(tx, { paymentId, userId: p!.userId, amount: p!.amount, credits: p!.credits, now: new Date() }, t.app.events);
  });
}
const openBlocks = async (userId: number) =>
  (await t.database.db.select().from(purchaseBlocks).where(eq(purchaseBlocks.userId, userId))).filter((b) => b.liftedAt === null);

describe('chargebacks', () => {
  it('take back the unspent credits, record the spent, mark the payment and block card purchases; once', async () => {
    const userId = await newMember(t.database.db, siteId);
    const paymentId = await paidPayment(t.database.db, { userId, siteId, credits: 120, amount: 1995 });
    await spend(t.database.db, userId, 30);
    await chargeBack(paymentId);

    const [row] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(row).toMatchObject({ kind: 'chargeback', amount: 1995, creditsTaken: 90, creditsSpent: 30, staffUserId: null });
    expect(await balanceOf(t.database.db, userId)).toBe(0);
    const payment = await paymentRow(t.database.db, paymentId);
    expect(payment.refundedAmount).toBe(1995);
    expect(payment.chargedBackAt).not.toBeNull();
    expect(await openBlocks(userId)).toEqual([expect.objectContaining({ kind: 'card', reason: 'chargeback', paymentId })]);

    // Reported again: nothing more.
    await chargeBack(paymentId);
    expect(await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).toHaveLength(1);
    expect(await openBlocks(userId)).toHaveLength(1);

    // A charged-back payment is not refunded again.
    const refused = await post(
      `/admin/api/payments/${paymentId}/refunds`,
      { amount: 1, reason: 'x', idempotency_key: 'abcdefgh1' },
      finance,
    );
    expect(errorOf(refused).code).toBe('payment_charged_back');
  });

  it('after a partial refund charge back only the rest and the credits not yet accounted for', async () => {
    const userId = await newMember(t.database.db, siteId);
    const paymentId = await paidPayment(t.database.db, { userId, siteId, credits: 100, amount: 1000 });
    const refunded = await post(
      `/admin/api/payments/${paymentId}/refunds`,
      { amount: 400, reason: 'goodwill', idempotency_key: 'partial-1' },
      finance,
    );
    expect(refunded.json().refund).toMatchObject({ credits_taken: 40 });
    await spend(t.database.db, userId, 50);
    await chargeBack(paymentId);
    const rows = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(rows.find((r) => r.kind === 'chargeback')).toMatchObject({ amount: 600, creditsTaken: 10, creditsSpent: 50 });
    expect(await balanceOf(t.database.db, userId)).toBe(0);
    // A second chargeback of another payment while the block is open: no second open block.
    const second = await paidPayment(t.database.db, { userId, siteId, credits: 10, amount: 100 });
    await chargeBack(second);
    expect(await openBlocks(userId)).toHaveLength(1);
  });
});

describe('purchase blocks', () => {
  it('support lifts the card block (audited); finance and moderators may not; lifting twice is 409', async () => {
    const userId = await newMember(t.database.db, siteId);
    const paymentId = await paidPayment(t.database.db, { userId, siteId });
    await chargeBack(paymentId);
    const url = `/admin/api/members/${userId}/purchase-blocks/card/lift`;
    expect((await post(url, {}, moderator)).statusCode).toBe(403);
    expect((await post(url, {}, finance)).statusCode).toBe(403);
    const lifted = await post(url, { reason: 'member called, card replaced' }, support);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().block).toMatchObject({ kind: 'card', reason: 'chargeback', payment_id: paymentId, lifted_at: expect.any(String) });
    expect(await openBlocks(userId)).toEqual([]);
    const [block] = await t.database.db.select().from(purchaseBlocks).where(eq(purchaseBlocks.userId, userId));
    expect(block!.liftedByStaffId).toBe(support.id);
    expect((await auditEntriesOf(t.database.db, 'user', userId)).map((a) => a.action)).toContain('purchases.lift_block');
    const again = await post(url, {}, support);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('not_blocked');
  });

  it('staff block direct debit by hand once; the member page lists open blocks and payments', async () => {
    const userId = await newMember(t.database.db, siteId);
    await paidPayment(t.database.db, { userId, siteId });
    const url = `/admin/api/members/${userId}/purchase-blocks`;
    const blocked = await post(url, { kind: 'direct_debit' }, support);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().block).toMatchObject({ kind: 'direct_debit', reason: 'staff', lifted_at: null });
    expect(errorOf(await post(url, { kind: 'direct_debit' }, support)).code).toBe('already_blocked');
    expect((await post(url, { kind: 'card' }, moderator)).statusCode).toBe(403);
    expect((await post('/admin/api/members/2000000000/purchase-blocks', { kind: 'card' }, support)).statusCode).toBe(404);

    const desk = await get(`/admin/api/members/${userId}/payments`, support);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json()).toMatchObject({ payments: [{ user_id: userId, status: 'paid' }], open_blocks: [{ kind: 'direct_debit' }] });
  });
});

describe('payments list, detail and revenue', () => {
  it('lists newest first with filters and keyset pages; shows one payment', async () => {
    const userId = await newMember(t.database.db, siteId);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await paidPayment(t.database.db, { userId, siteId, amount: 1000 + i, credits: 10 }));
    const open = await openPayment(t.database.db, { userId, siteId });

    const all = (await get(`/admin/api/payments?user_id=${userId}`)).json();
    expect(all.payments.map((p: { id: number }) => p.id)).toEqual([open, ...ids.reverse()]);
    expect(all.payments[1]).toMatchObject({
      email: expect.stringContaining('@example.test'),
      site_id: siteId,
      site_name: expect.any(String),
      currency: 'EUR',
      status: 'paid',
      invoice_number: expect.any(String),
      refunded_amount: 0,
      charged_back: false,
    });
    expect(all.next_before).toBeNull();

    const paid = (await get(`/admin/api/payments?user_id=${userId}&status=paid&limit=2`)).json();
    expect(paid.payments.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 2));
    expect(paid.next_before).toBe(ids[1]);
    const next = (await get(`/admin/api/payments?user_id=${userId}&status=paid&limit=2&before=${paid.next_before}`)).json();
    expect(next.payments.map((p: { id: number }) => p.id)).toEqual([ids[2]]);
    expect(next.next_before).toBeNull();

    expect((await get(`/admin/api/payments?user_id=${userId}&from=2000-01-01&to=2000-01-02`)).json().payments).toEqual([]);
    expect((await get(`/admin/api/payments?status=lost`)).statusCode).toBe(400);
    expect((await get(`/admin/api/payments/${open}`)).json()).toMatchObject({
      refundable: 0,
      credits: { posted: 0 },
      payment: { id: open, status: 'open', country: 'NL' },
    });
    expect((await get('/admin/api/payments/2000000000')).statusCode).toBe(404);
  });

  it('revenue per UTC day, site and currency: paid, refunds (on the day booked) and net', async () => {
    const userId = await newMember(t.database.db, siteId);
    const day = '2024-03-05';
    const a = await paidPayment(t.database.db, { userId, siteId, amount: 1000, credits: 10, paidAt: new Date(`${day}T01:00:00Z`) });
    await paidPayment(t.database.db, { userId, siteId, amount: 500, credits: 5, paidAt: new Date(`${day}T23:59:00Z`) });
    await paidPayment(t.database.db, { userId, siteId, amount: 700, credits: 5, paidAt: new Date(`${day}T12:00:00Z`), currency: 'PLN' });
    await paidPayment(t.database.db, { userId, siteId, amount: 999, credits: 5, paidAt: new Date('2024-03-06T00:00:00Z') });
    // A refund booked on the 5th (as if given that day).
    await t.database.db.insert(paymentRefunds).values({
      paymentId: a,
      kind: 'refund',
      amount: 300,
      creditsTaken: 3,
      creditsSpent: 0,
      idempotencyKey: 'revenue-test',
      createdAt: new Date(`${day}T15:00:00Z`),
    });

    const answer = (await get(`/admin/api/revenue?site_id=${siteId}&from=${day}&to=${day}`)).json();
    expect(answer.rows).toEqual([
      expect.objectContaining({ day, site_id: siteId, currency: 'EUR', paid_count: 2, gross: 1500, refunds: 300, net: 1200 }),
      expect.objectContaining({ day, site_id: siteId, currency: 'PLN', paid_count: 1, gross: 700, refunds: 0, net: 700 }),
    ]);
    expect(answer.totals).toEqual([
      { currency: 'EUR', paid_count: 2, gross: 1500, refunds: 300, net: 1200 },
      { currency: 'PLN', paid_count: 1, gross: 700, refunds: 0, net: 700 },
    ]);
    // The dashboard's figure: payments paid per day and net revenue per currency.
    const dashboard = (await get(`/admin/api/dashboard?from=${day}&to=2024-03-06`)).json();
    expect(dashboard.series.payments).toEqual([3, 1]);
    expect(dashboard.revenue).toEqual([
      { currency: 'EUR', net: [1200, 999] },
      { currency: 'PLN', net: [700, 0] },
    ]);
    expect((await get('/admin/api/revenue?from=2024-03-06&to=2024-03-05')).statusCode).toBe(400);
    expect((await get('/admin/api/revenue?from=2020-01-01&to=2024-03-05')).statusCode).toBe(400);
    expect((await get('/admin/api/revenue?site_id=2000000000')).statusCode).toBe(404);
  });

  it('finance may read and refund; moderators and support may not', async () => {
    expect((await get('/admin/api/payments', finance)).statusCode).toBe(200);
    expect((await get('/admin/api/payments/site-choices', finance)).json().sites).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: siteId, domain: 'localhost' })]),
    );
    expect((await get('/admin/api/revenue', finance)).statusCode).toBe(200);
    for (const staff of [moderator, support]) {
      expect((await get('/admin/api/payments', staff)).statusCode).toBe(403);
      expect((await get('/admin/api/revenue', staff)).statusCode).toBe(403);
      expect((await post('/admin/api/payments/1/refunds', { amount: 1, reason: 'x', idempotency_key: 'abcdefgh' }, staff)).statusCode).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/payments' })).statusCode).toBe(401);
  });
});
