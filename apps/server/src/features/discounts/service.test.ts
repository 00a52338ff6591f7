/**
 * Discount codes (issue 14, spec sections 3, 4, 8, 9): the welcome time bonus's clock, once per
 * member, expiry, the order's conditions, codes a member may not see, and parallel redemptions
 * of one once-per-user code (run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL's pool).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TIME_BONUS_SECONDS, WELCOME_DISCOUNT_CODE } from '@cupido/shared/rules/welcome-offer';
import type { DatabaseHandle } from '../../db/open';
import { discountCodes, discountRedemptions } from '../../db/schema';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import { seedDemoSites } from '../../seed/demo-sites';
import { createTestDatabase } from '../../test/test-database';
import { insertMember } from '../payments/receipts/test/receipts-test-kit';
import { activeDiscount, checkDiscountCode, redeemDiscount, type DiscountContext } from './service';

const SIGNUP = new Date('2026-11-23T08:00:00Z');
/** The e-mail confirmed five hours after signup: the welcome offer's clock starts here (issue 29), not at signup. */
const ACTIVATED = new Date(SIGNUP.getTime() + 5 * 3600_000);
const at = (seconds: number) => new Date(ACTIVATED.getTime() + seconds * 1000);

let database: DatabaseHandle;
let siteId: number;
let otherSiteId: number;
let welcomeId: number;
let paymentIds = 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = await seedDemoSites(database.db);
  siteId = seeded[0]!.id;
  otherSiteId = seeded.find((s) => s.id !== siteId)!.id;
  const [welcome] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, WELCOME_DISCOUNT_CODE));
  welcomeId = welcome!.id;
});
afterAll(() => database.close());

async function member(options: { paidUser?: boolean } = {}) {
  const { id } = await insertMember(database.db, siteId, { createdAt: SIGNUP, paidUser: options.paidUser });
  return id;
}

function ctxOf(userId: number, now: Date, overrides: Partial<DiscountContext> = {}): DiscountContext {
  return { userId, siteId, activatedAt: ACTIVATED, paidUser: false, country: 'NL', currency: 'EUR', now, ...overrides };
}

async function addCode(code: string, values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(discountCodes)
    .values({ code, valuePercentage: 10, ...values })
    .returning();
  return row!;
}

/** The AppError a check throws (fails the test when it does not throw one). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function redeem(codeId: number, userId: number) {
  paymentIds += 1;
  const paymentId = paymentIds;
  return database.db.transaction((tx) => redeemDiscount(tx, { codeId, userId, paymentId, now: at(10) }));
}

describe('the welcome time bonus (TIMEBONUS25, 14400 s after activation)', () => {
  it('runs from activation to 14399 s and is over at 14400 s, even when signup was longer ago', async () => {
    const userId = await member();
    for (const seconds of [0, 1, TIME_BONUS_SECONDS - 1]) {
      const active = await activeDiscount(database.db, ctxOf(userId, at(seconds)));
      expect(active, `at ${seconds} s`).toMatchObject({
        code: 'TIMEBONUS25',
        percentage: 25,
        source: 'time_bonus',
        oncePerUser: true,
        expires: at(TIME_BONUS_SECONDS),
      });
      expect((await checkDiscountCode(database.db, ctxOf(userId, at(seconds)), ' timebonus25 ', { amount: 995 })).code).toBe('TIMEBONUS25');
    }
    expect(await activeDiscount(database.db, ctxOf(userId, at(TIME_BONUS_SECONDS)))).toBeNull();
    const over = await refusal(checkDiscountCode(database.db, ctxOf(userId, at(TIME_BONUS_SECONDS)), 'TIMEBONUS25', { amount: 995 }));
    expect([over.status, over.code]).toEqual([410, 'code_expired']);
  });

  it('has not started before activation: no active discount and the typed code does not work yet', async () => {
    const userId = await member();
    const ctx = ctxOf(userId, at(-3600), { activatedAt: null });
    expect(await activeDiscount(database.db, ctx)).toBeNull();
    expect((await refusal(checkDiscountCode(database.db, ctx, 'TIMEBONUS25', { amount: 995 }))).code).toBe('code_expired');
  });

  it('a paying member no longer gets it', async () => {
    const userId = await member({ paidUser: true });
    const ctx = ctxOf(userId, at(60), { paidUser: true });
    expect(await activeDiscount(database.db, ctx)).toBeNull();
    expect((await refusal(checkDiscountCode(database.db, ctx, 'TIMEBONUS25', { amount: 995 }))).code).toBe('code_expired');
  });

  it('once per member: after a redemption it is "Code already used" and no longer active', async () => {
    const userId = await member();
    expect(await redeem(welcomeId, userId)).toBe(true);
    const used = await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60)), 'TIMEBONUS25', { amount: 995 }));
    expect([used.status, used.code, translate('en', used.messageKey, used.params)]).toEqual([
      409,
      'code_already_used',
      'Code already used',
    ]);
    expect(await activeDiscount(database.db, ctxOf(userId, at(60)))).toBeNull();
    // Another member still has theirs.
    expect(await activeDiscount(database.db, ctxOf(await member(), at(60)))).toMatchObject({ code: 'TIMEBONUS25' });
  });
});

describe('codes', () => {
  it('an unknown, inactive, other site\'s or other member\'s code is "Code not found"', async () => {
    const userId = await member();
    const someoneElse = await member();
    await addCode('SLEEPING', { status: 'inactive' });
    await addCode('ELSEWHERE', { siteId: otherSiteId });
    await addCode('FORSOMEONE', { userId: someoneElse });
    for (const code of ['NOSUCHCODE', 'SLEEPING', 'elsewhere', 'FORSOMEONE']) {
      const error = await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60)), code, { amount: 995 }));
      expect([error.status, error.code, translate('en', error.messageKey)], code).toEqual([404, 'code_not_found', 'Code not found']);
    }
    // The member the code was made for can use it.
    expect(await checkDiscountCode(database.db, ctxOf(someoneElse, at(60)), 'forsomeone', { amount: 995 })).toMatchObject({
      code: 'FORSOMEONE',
      source: 'code',
    });
  });

  it('expires at expires_at', async () => {
    const userId = await member();
    await addCode('SHORTLIVED', { expiresAt: at(3600), validity: 'unlimited' });
    expect((await checkDiscountCode(database.db, ctxOf(userId, at(3599)), 'SHORTLIVED', { amount: 995 })).expires).toEqual(at(3600));
    expect((await refusal(checkDiscountCode(database.db, ctxOf(userId, at(3600)), 'SHORTLIVED', { amount: 995 }))).status).toBe(410);
  });

  it("checks the minimum order value, with the amount in the member's language", async () => {
    const userId = await member();
    await addCode('BIGORDER', { minimumOrderValue: 2000 });
    expect(await checkDiscountCode(database.db, ctxOf(userId, at(60)), 'BIGORDER', { amount: 2000 })).toMatchObject({ code: 'BIGORDER' });
    const tooSmall = await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60)), 'BIGORDER', { amount: 1995 }));
    expect([tooSmall.status, tooSmall.code]).toEqual([422, 'code_minimum_order']);
    expect(translate('en', tooSmall.messageKey, tooSmall.params)).toBe('This code is valid for orders of €20.00 or more');
    const dutch = await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60), { locale: 'nl' }), 'BIGORDER', { amount: 995 }));
    expect(translate('nl', dutch.messageKey, dutch.params)).toBe('Deze code geldt voor bestellingen vanaf €\u00a020,00');
  });

  it('checks the allowed payment methods when a method is chosen', async () => {
    const userId = await member();
    await addCode('IDEALONLY', { paymentMethods: ['ideal', 'bancontact'] });
    expect(await checkDiscountCode(database.db, ctxOf(userId, at(60)), 'IDEALONLY', { amount: 995, method: 'ideal' })).toMatchObject({
      paymentMethods: ['ideal', 'bancontact'],
    });
    expect(await checkDiscountCode(database.db, ctxOf(userId, at(60)), 'IDEALONLY', { amount: 995 })).toMatchObject({ code: 'IDEALONLY' });
    const visa = await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60)), 'IDEALONLY', { amount: 995, method: 'visa' }));
    expect([visa.status, visa.code]).toEqual([422, 'code_method_not_allowed']);
  });

  it('checks the country and the currency', async () => {
    const userId = await member();
    await addCode('BELGIUMONLY', { country: 'BE' });
    await addCode('POUNDSONLY', { currency: 'GBP' });
    expect((await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60)), 'BELGIUMONLY', { amount: 995 }))).code).toBe(
      'code_country_mismatch',
    );
    expect(await checkDiscountCode(database.db, ctxOf(userId, at(60), { country: 'BE' }), 'BELGIUMONLY', { amount: 995 })).toMatchObject({
      code: 'BELGIUMONLY',
    });
    expect((await refusal(checkDiscountCode(database.db, ctxOf(userId, at(60)), 'POUNDSONLY', { amount: 995 }))).code).toBe(
      'code_currency_mismatch',
    );
  });

  it('an unlimited code can be used again', async () => {
    const userId = await member();
    const code = await addCode('EVERYTIME', { validity: 'unlimited' });
    expect(await redeem(code.id, userId)).toBe(true);
    expect(await redeem(code.id, userId)).toBe(true);
    expect(await database.db.$count(discountRedemptions, eq(discountRedemptions.codeId, code.id))).toBe(2);
    expect(await checkDiscountCode(database.db, ctxOf(userId, at(60)), 'EVERYTIME', { amount: 995 })).toMatchObject({ oncePerUser: false });
  });

  it("after the time bonus, the member's own unused code is the active discount", async () => {
    const userId = await member();
    const own = await addCode(`OWN${userId}`, { userId, valuePercentage: 30, expiresAt: at(86_400) });
    await addCode(`OWNOLD${userId}`, { userId, valuePercentage: 50, expiresAt: at(100) });
    // While the time bonus runs it wins.
    expect(await activeDiscount(database.db, ctxOf(userId, at(60)))).toMatchObject({ code: 'TIMEBONUS25' });
    expect(await activeDiscount(database.db, ctxOf(userId, at(TIME_BONUS_SECONDS)))).toMatchObject({
      code: own.code,
      percentage: 30,
      source: 'code',
    });
    expect(await redeem(own.id, userId)).toBe(true);
    expect(await activeDiscount(database.db, ctxOf(userId, at(TIME_BONUS_SECONDS)))).toBeNull();
  });
});

describe('redeemDiscount', () => {
  it('parallel payments with one once-per-user code of one member: exactly one redemption', async () => {
    const userId = await member();
    const code = await addCode('RACE', {});
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => redeem(code.id, userId)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await database.db.$count(discountRedemptions, eq(discountRedemptions.codeId, code.id))).toBe(1);
  });

  it('recording the same payment again answers true and writes nothing', async () => {
    const userId = await member();
    const code = await addCode('TWICE', {});
    const paymentId = 999_999;
    const once = () => database.db.transaction((tx) => redeemDiscount(tx, { codeId: code.id, userId, paymentId, now: at(1) }));
    expect(await once()).toBe(true);
    expect(await once()).toBe(true);
    expect(await database.db.$count(discountRedemptions, eq(discountRedemptions.paymentId, paymentId))).toBe(1);
  });
});
