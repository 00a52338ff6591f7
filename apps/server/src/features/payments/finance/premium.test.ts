/**
 * Premium after money went back (issue 27, finding 5): paid_user is for life after a purchase
 * that stands. A full refund or a chargeback of the member's only purchase ends it; a purchase
 * that still stands, or a partial refund, keeps it. Purchases are paid through the shop and the
 * sandbox provider (which books the refunds); runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOfRole, type TestStaff } from '../../members-desk/test/members-desk-test-kit';
import {
  choose,
  createPaymentsTestApp,
  eventsProcessed,
  member,
  newKey,
  paymentRow,
  startedPayment,
  userRow,
  webhook,
  type PaymentsTestApp,
} from '../test/payments-test-kit';
import { applyChargeback } from './take-back';

let t: PaymentsTestApp;
let finance: TestStaff;
beforeAll(async () => {
  t = await createPaymentsTestApp();
  finance = await staffOfRole(t.database.db, 'finance');
});
afterAll(() => t.close());

/** A purchase paid through the shop: the member is premium from then on. */
async function purchase(cookie: string) {
  const p = await startedPayment(t, cookie, { method: 'visa' });
  await choose(t, p.sandboxId, 'paid');
  await webhook(t, p.sandboxId);
  await eventsProcessed(t);
  const row = await paymentRow(t, p.id);
  expect(row.status).toBe('paid');
  return row;
}

async function refund(paymentId: number, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/admin/api/payments/${paymentId}/refunds`,
    cookies: finance.cookies,
    payload: { amount, reason: 'member asked', idempotency_key: newKey() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const isPremium = async (userId: number) => (await userRow(t, userId)).paidUser;

describe('premium after a refund or a chargeback', () => {
  it('a full refund of the only purchase ends premium', async () => {
    const m = await member(t);
    const paid = await purchase(m.cookie);
    expect(await isPremium(m.userId)).toBe(true);
    await refund(paid.id, paid.amount);
    expect(await isPremium(m.userId)).toBe(false);
  });

  it('a chargeback of the only purchase ends premium, in the transaction that applies it', async () => {
    const m = await member(t);
    const paid = await purchase(m.cookie);
    expect(await isPremium(m.userId)).toBe(true);
    // As settle applies a chargeback the provider reported: inside the app's events transaction.
    await t.app.events.transaction(t.database.db, (tx) =>
      applyChargeback(
        tx,
        { paymentId: paid.id, userId: m.userId, amount: paid.amount, credits: paid.credits, now: new Date() },
        t.app.events,
      ),
    );
    expect(await isPremium(m.userId)).toBe(false);
  });

  it('a full refund of one of two purchases keeps premium; refunding the other too ends it', async () => {
    const m = await member(t);
    const first = await purchase(m.cookie);
    const second = await purchase(m.cookie);
    await refund(first.id, first.amount);
    expect(await isPremium(m.userId)).toBe(true);
    await refund(second.id, second.amount);
    expect(await isPremium(m.userId)).toBe(false);
  });

  it('a partial refund keeps premium; refunds that add up to the whole amount end it', async () => {
    const m = await member(t);
    const paid = await purchase(m.cookie);
    const part = Math.floor(paid.amount / 3);
    await refund(paid.id, part);
    expect(await isPremium(m.userId)).toBe(true);
    await refund(paid.id, paid.amount - part);
    expect(await isPremium(m.userId)).toBe(false);
  });
});
