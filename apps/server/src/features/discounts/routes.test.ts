/**
 * GET /api/discountcode.php through the real app: members only, the welcome discount with the
 * end of the member's 4 hours (moved on with the test clock), and typed codes checked against
 * the chosen package's price and method, with the spec's field names; typed codes that are
 * unusable are limited per member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZDiscountCode } from '@cupido/shared/contracts/payments';
import { discountCodes, users } from '../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, linkPath, signup, type AccountsTestApp } from '../../test/accounts-kit';
import { DISCOUNT_CODE_GUESSES, DISCOUNT_GUESS_WINDOW_MS } from './service';

const START = new Date('2026-11-23T08:00:00Z');
let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsTestApp(START);
});
afterAll(() => t.close());

const get = (cookie: string | undefined, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/discountcode.php?${query}`, headers: cookie ? { cookie } : {} });

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('GET /api/discountcode.php', () => {
  it('is for members only', async () => {
    const response = await get(undefined, 'welcome=true');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });

  it('welcome=true: TIMEBONUS25 until activation + 14400 s, then none', async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    // activeMember confirms the e-mail at START: the offer's clock starts there.
    const activated = START;
    const first = await get(member.cookie, 'welcome=true');
    expect(first.statusCode, first.body).toBe(200);
    const code = ZDiscountCode.parse(first.json());
    expect(code).toEqual({
      code: 'TIMEBONUS25',
      country: null,
      user_id: null,
      expires: new Date(activated.getTime() + 14_400_000).toISOString(),
      value_percentage: 25,
      currency: null,
      minimum_order_value: null,
      status: 'active',
      validity: 'once-per-user',
      expired: false,
      paymentmethods: [],
    });
    t.clock.set(new Date(activated.getTime() + 14_399_000));
    expect((await get(member.cookie, 'welcome=true')).statusCode).toBe(200);
    t.clock.set(new Date(activated.getTime() + 14_400_000));
    const over = await get(member.cookie, 'welcome=true');
    expect(over.statusCode).toBe(404);
    expect(errorOf(over)).toMatchObject({ code: 'code_not_found', message: 'Code not found' });
    const typed = await get(member.cookie, 'code=timebonus25');
    expect(typed.statusCode).toBe(410);
    expect(errorOf(typed).code).toBe('code_expired');
  });

  it('the four hours start at activation: none before the e-mail is confirmed, then four full hours from the confirmation', async () => {
    t.clock.set(START);
    const member = await signup(t);
    expect((await get(member.cookie, 'welcome=true')).statusCode).toBe(404);
    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: member.cookie } });
    expect(me.json().user).toMatchObject({ status: 'not_confirmed', activated_at: null });
    // Confirmed five hours after signup: a clock started at signup would already be over.
    const activated = new Date(START.getTime() + 5 * 3600_000);
    t.clock.set(activated);
    const activation = await t.app.inject({
      method: 'GET',
      url: linkPath(member.mail, '/api/activate.php'),
      headers: { cookie: member.cookie },
    });
    expect(activation.headers.location).toBe('/activate/done');
    const welcome = await get(member.cookie, 'welcome=true');
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(ZDiscountCode.parse(welcome.json()).expires).toBe(new Date(activated.getTime() + 14_400_000).toISOString());
    const after = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: member.cookie } });
    expect(after.json().user).toMatchObject({ status: 'active', activated_at: activated.toISOString() });
  });

  it("welcome=true answers the member's own code after the time bonus", async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    const userId = await userIdOf(member.body.email);
    await t.database.db
      .insert(discountCodes)
      .values({ code: `WELCOMEBACK${userId}`, userId, valuePercentage: 40, expiresAt: new Date(START.getTime() + 7 * 86_400_000) });
    t.clock.set(new Date(START.getTime() + 86_400_000));
    const response = await get(member.cookie, 'welcome=true');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      code: `WELCOMEBACK${userId}`,
      user_id: userId,
      value_percentage: 40,
      expires: new Date(START.getTime() + 7 * 86_400_000).toISOString(),
    });
  });

  it("code=: not found, another member's, minimum order of the chosen package, allowed methods", async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    const other = await activeMember(t);
    const otherId = await userIdOf(other.body.email);
    await t.database.db.insert(discountCodes).values([
      { code: 'ROUTEMIN15', valuePercentage: 10, minimumOrderValue: 1500, validity: 'unlimited' },
      { code: 'ROUTEIDEAL', valuePercentage: 15, paymentMethods: ['ideal'] },
      { code: `ROUTEOTHER${otherId}`, valuePercentage: 20, userId: otherId },
    ]);

    const unknown = await get(member.cookie, 'code=NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'code_not_found', message: 'Code not found', field: 'code' });
    expect((await get(member.cookie, `code=routeother${otherId}`)).statusCode).toBe(404);
    expect((await get(other.cookie, `code=routeother${otherId}`)).statusCode).toBe(200);

    const small = await get(member.cookie, 'code=routemin15&package_id=p0');
    expect(small.statusCode).toBe(422);
    // A British member pays in pounds (issue 29): the minimum order is said in them, against the £8.99 of p0.
    expect(errorOf(small)).toMatchObject({ code: 'code_minimum_order', message: 'This code is valid for orders of £15.00 or more' });
    const big = await get(member.cookie, 'code=%20routemin15%20&package_id=p1');
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json()).toMatchObject({ code: 'ROUTEMIN15', minimum_order_value: 1500, validity: 'unlimited', expires: null });

    const visa = await get(member.cookie, 'code=ROUTEIDEAL&package_id=p1&method=visa');
    expect(visa.statusCode).toBe(422);
    expect(errorOf(visa).code).toBe('code_method_not_allowed');
    const ideal = await get(member.cookie, 'code=ROUTEIDEAL&package_id=p1&method=ideal');
    expect(ideal.statusCode).toBe(200);
    expect(ideal.json()).toMatchObject({ paymentmethods: ['ideal'] });
  });

  it('code=: after 10 unusable codes in 15 minutes the member is told to wait; re-checking a usable code never counts', async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    await t.database.db.insert(discountCodes).values({ code: 'ROUTEGOOD', valuePercentage: 10, validity: 'unlimited' });
    // A good code checked again and again (a package chosen, then a method) takes nothing from the allowance.
    for (let i = 0; i < DISCOUNT_CODE_GUESSES + 5; i++)
      expect((await get(member.cookie, 'code=ROUTEGOOD&package_id=p1')).statusCode).toBe(200);
    for (let i = 0; i < DISCOUNT_CODE_GUESSES; i++) expect((await get(member.cookie, `code=GUESS${i}`)).statusCode).toBe(404);
    const blocked = await get(member.cookie, 'code=GUESSMORE');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toMatchObject({
      code: 'too_many_code_attempts',
      message: 'You have tried too many codes. Please wait 15 minutes and try again.',
      field: 'code',
    });
    // The good code too, until the window has passed; another member is not affected.
    expect((await get(member.cookie, 'code=ROUTEGOOD')).statusCode).toBe(429);
    expect((await get((await activeMember(t)).cookie, 'code=ROUTEGOOD')).statusCode).toBe(200);
    t.clock.set(new Date(START.getTime() + DISCOUNT_GUESS_WINDOW_MS));
    expect((await get(member.cookie, 'code=ROUTEGOOD')).statusCode).toBe(200);
  });

  it('asks for a code or welcome=true', async () => {
    const member = await activeMember(t);
    expect((await get(member.cookie, '')).statusCode).toBe(400);
  });
});
