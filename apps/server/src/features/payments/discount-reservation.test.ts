/**
 * Security test issue 27, finding 2: a once-per-user discount (the welcome offer TIMEBONUS25 or a
 * typed code) is reserved by one order at a time, also when orders are started in parallel; an
 * order that fails or is cancelled gives it back; an order keeps its discount only while the code
 * is valid or within DISCOUNT_PAYMENT_WINDOW_MS of the order, and a payment that arrives later is
 * credited at the full price (never at the discount). Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TIME_BONUS_SECONDS } from '@cupido/shared/rules/welcome-offer';
import { discountCodes, discountRedemptions, payments } from '../../db/schema';
import { errorOf } from '../../test/accounts-kit';
import { translate } from '../../i18n/translate';
import { DISCOUNT_PAYMENT_WINDOW_MS } from './discount-hold';
import {
  createPaymentsTestApp,
  eventsProcessed,
  member,
  pay,
  paymentBody,
  paymentRow,
  purchaseEntries,
  setSandboxStatus,
  startedPayment,
  userRow,
  webhook,
  type PaymentsTestApp,
} from './test/payments-test-kit';

const START = new Date('2026-11-23T12:00:00Z');
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(() => t.close());

/** A new member signed up at `at`, with the signup time the time bonus counts from. */
async function newMember(at = START) {
  t.clock.set(at);
  const m = await member(t);
  return { ...m, signup: (await userRow(t, m.userId)).createdAt };
}

const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** The sandbox provider reports `status` (as after its checkout page) and its webhook is processed. */
async function settleAs(sandboxId: string, status: 'paid' | 'pending' | 'cancelled' | 'failed') {
  await setSandboxStatus(t, sandboxId, status);
  expect((await webhook(t, sandboxId)).statusCode).toBe(200);
  await eventsProcessed(t);
}

async function redemptionsOf(userId: number, codeId?: number) {
  return t.database.db
    .select()
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.userId, userId), codeId === undefined ? undefined : eq(discountRedemptions.codeId, codeId)));
}

async function onceCode(code: string, valuePercentage = 50) {
  const [row] = await t.database.db.insert(discountCodes).values({ code, valuePercentage, validity: 'once-per-user' }).returning();
  return row!;
}

describe("the welcome offer (TIMEBONUS25) is one order's at a time", () => {
  it('10 parallel orders: one carries the 25%, nine are created at the full price; paying all records one redemption', async () => {
    const m = await newMember();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(t, m.cookie, paymentBody({ package_id: 'p1' }))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(10).fill(200));
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, m.userId));
    expect(rows).toHaveLength(10);
    const discounted = rows.filter((r) => r.discountPercentage > 0);
    expect(discounted).toHaveLength(1);
    expect(discounted[0]).toMatchObject({ discountPercentage: 25, amount: Math.round(discounted[0]!.listAmount * 0.75) });
    for (const full of rows.filter((r) => r.discountPercentage === 0))
      expect(full).toMatchObject({ discountCodeId: null, amount: full.listAmount });

    for (const row of rows) await settleAs(row.providerPaymentId!, 'paid');
    expect(await redemptionsOf(m.userId)).toHaveLength(1);
    const credits = await purchaseEntries(t, m.userId);
    expect(credits.map((e) => e.amount)).toEqual(rows.map((r) => r.credits));
  });

  it('while an order holds the offer the shop shows the full price; a cancelled order gives it back', async () => {
    const m = await newMember();
    const first = await startedPayment(t, m.cookie);
    expect(first.row.discountPercentage).toBe(25);
    const shop = await t.app.inject({ method: 'GET', url: '/api/credit-packages.php', headers: { cookie: m.cookie } });
    expect(shop.json().discount).toBeNull();
    expect((await startedPayment(t, m.cookie)).row.discountPercentage).toBe(0);

    await settleAs(first.sandboxId, 'cancelled');
    const again = await startedPayment(t, m.cookie);
    expect(again.row).toMatchObject({ discountPercentage: 25, discountCodeId: first.row.discountCodeId });
  });
});

describe("a typed once-per-user code is one order's at a time", () => {
  it('8 parallel orders with a 50% code: one is started, seven are refused with "code_reserved"', async () => {
    const m = await newMember(after(START, TIME_BONUS_SECONDS * 1000));
    const code = await onceCode('HALFOFF27');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => pay(t, m.cookie, paymentBody({ package_id: 'p1', discount_code: 'halfoff27' }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(errorOf(refused)).toMatchObject({
        code: 'code_reserved',
        field: 'code',
        message: translate('en', 'errors.code_reserved', { minutes: DISCOUNT_PAYMENT_WINDOW_MS / 60_000 }),
      });
      expect(errorOf(refused).message).toContain('try again in 30 minutes');
    }
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, m.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ discountCodeId: code.id, discountPercentage: 50 });
    await settleAs(rows[0]!.providerPaymentId!, 'paid');
    expect(await redemptionsOf(m.userId, code.id)).toHaveLength(1);
    // Used: the spec's "Code already used".
    const reuse = await pay(t, m.cookie, paymentBody({ discount_code: 'HALFOFF27' }));
    expect([reuse.statusCode, errorOf(reuse).code]).toEqual([409, 'code_already_used']);
  });

  it('a failed order gives the code back; an order left open past the payment window gives it to a new order', async () => {
    const m = await newMember(after(START, TIME_BONUS_SECONDS * 1000));
    await onceCode('COMEBACK27');
    const failed = await startedPayment(t, m.cookie, { discount_code: 'COMEBACK27' });
    await settleAs(failed.sandboxId, 'failed');
    const abandoned = await startedPayment(t, m.cookie, { discount_code: 'COMEBACK27' });
    expect(abandoned.row.discountPercentage).toBe(50);
    expect((await pay(t, m.cookie, paymentBody({ discount_code: 'COMEBACK27' }))).statusCode).toBe(409);

    t.clock.set(after(abandoned.row.createdAt, DISCOUNT_PAYMENT_WINDOW_MS));
    const taken = await startedPayment(t, m.cookie, { discount_code: 'COMEBACK27', package_id: 'p2' });
    expect(taken.row.discountPercentage).toBe(50);
    // The abandoned order is paid after all: it no longer holds the code, so its money buys credits at the full price.
    await settleAs(abandoned.sandboxId, 'paid');
    const late = await paymentRow(t, abandoned.id);
    expect(late).toMatchObject({
      status: 'paid',
      credits: Math.floor((abandoned.row.credits * abandoned.row.amount) / abandoned.row.listAmount),
    });
    await settleAs(taken.sandboxId, 'paid');
    expect(await paymentRow(t, taken.id)).toMatchObject({ status: 'paid', credits: taken.row.credits });
    const credited = (await purchaseEntries(t, m.userId)).map((e) => [e.reference, e.amount]).sort();
    expect(credited).toEqual(
      [
        [`payment:${abandoned.id}`, late.credits],
        [`payment:${taken.id}`, taken.row.credits],
      ].sort(),
    );
    expect((await redemptionsOf(m.userId)).map((r) => r.paymentId)).toEqual([taken.id]);
  });
});

describe('an order keeps its discount only while the code is valid or within the payment window', () => {
  it('ordered at 3 h 59 min, paid 30 h after signup: credited at the full price, no redemption', async () => {
    const m = await newMember();
    t.clock.set(after(m.signup, (3 * 3600 + 59 * 60) * 1000));
    const p = await startedPayment(t, m.cookie, { package_id: 'p2' });
    expect(p.row.discountPercentage).toBe(25);
    t.clock.set(after(m.signup, 30 * 3600 * 1000));
    await settleAs(p.sandboxId, 'paid');
    const row = await paymentRow(t, p.id);
    const fullPriceCredits = Math.floor((p.row.credits * p.row.amount) / p.row.listAmount);
    expect(fullPriceCredits).toBeLessThan(p.row.credits);
    expect(row).toMatchObject({ status: 'paid', amount: p.row.amount, credits: fullPriceCredits });
    expect((await purchaseEntries(t, m.userId)).map((e) => e.amount)).toEqual([fullPriceCredits]);
    expect(await redemptionsOf(m.userId)).toHaveLength(0);
  });

  it('ordered at 3 h 59 min and paid within the payment window: the discount stands', async () => {
    const m = await newMember();
    t.clock.set(after(m.signup, (3 * 3600 + 59 * 60) * 1000));
    const p = await startedPayment(t, m.cookie, { package_id: 'p2' });
    t.clock.set(after(p.row.createdAt, DISCOUNT_PAYMENT_WINDOW_MS - 1000));
    await settleAs(p.sandboxId, 'paid');
    expect(await paymentRow(t, p.id)).toMatchObject({ status: 'paid', credits: p.row.credits, discountPercentage: 25 });
    expect((await redemptionsOf(m.userId)).map((r) => r.paymentId)).toEqual([p.id]);
  });

  it('checkout finished in time (pending), the money arrives 30 h after signup: the discount stands', async () => {
    const m = await newMember();
    t.clock.set(after(m.signup, (3 * 3600 + 59 * 60) * 1000));
    const p = await startedPayment(t, m.cookie, { package_id: 'p2' });
    t.clock.set(after(m.signup, 4 * 3600 * 1000 + 60_000));
    await settleAs(p.sandboxId, 'pending');
    t.clock.set(after(m.signup, 30 * 3600 * 1000));
    await settleAs(p.sandboxId, 'paid');
    expect(await paymentRow(t, p.id)).toMatchObject({ status: 'paid', credits: p.row.credits });
    expect((await redemptionsOf(m.userId)).map((r) => r.paymentId)).toEqual([p.id]);
  });
});
