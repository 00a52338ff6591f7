/**
 * Security test issue 27, finding 7: the limit on typed discount codes counts a code wherever it
 * enters (GET /api/credit-packages.php?code=, GET /api/discountcode.php?code=, POST
 * /api/payment.php and POST /api/directdebit.php with discount_code), in one allowance per member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@cupido/shared/rules/locales';
import { translate } from '../../i18n/translate';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { discountCodes } from '../../db/schema';
import { DISCOUNT_CODE_GUESSES, DISCOUNT_GUESS_WINDOW_MS } from './service';
import { directDebitForm } from '../payments/direct-debit/test/direct-debit-test-kit';

const START = new Date('2026-11-23T08:00:00Z');
let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsTestApp(START);
  await t.database.db.insert(discountCodes).values({ code: 'LIMITGOOD', valuePercentage: 10, validity: 'unlimited' });
});
afterAll(() => t.close());

const packages = (cookie: string, code: string) =>
  t.app.inject({ method: 'GET', url: `/api/credit-packages.php?code=${code}`, headers: { cookie } });
/** The web app keeps the member's language in this cookie; the server answers in it. */
const inGerman = (cookie: string) => `${cookie}; ${LOCALE_COOKIE}=de`;
const checkCode = (cookie: string, code: string) =>
  t.app.inject({ method: 'GET', url: `/api/discountcode.php?code=${code}`, headers: { cookie } });
const pay = (cookie: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment.php',
    headers: { cookie },
    payload: {
      package_id: 'p1',
      method: 'visa',
      country: 'GB',
      withdrawal_consent: true,
      idempotency_key: `limit_${code}`,
      discount_code: code,
    },
  });
/** The direct debit form from Ireland: its code is checked before any SMS goes out. */
const directDebit = (cookie: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/directdebit.php',
    headers: { cookie },
    payload: directDebitForm({ idempotency_key: `limit_dd_${code}`, discount_code: code }),
  });

describe('typed discount codes are limited wherever they enter', () => {
  it("40 wrong codes through credit-packages.php: 404 for the first 10, then 429 in the member's language", async () => {
    t.clock.set(START);
    const member = await activeMember(t, { language: 'de' });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof packages>> | undefined;
    for (let i = 0; i < 40; i++) {
      last = await packages(inGerman(member.cookie), `WRONG${i}`);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(DISCOUNT_CODE_GUESSES).fill(404), ...Array<number>(40 - DISCOUNT_CODE_GUESSES).fill(429)]);
    expect(errorOf(last!)).toMatchObject({
      code: 'too_many_code_attempts',
      field: 'code',
      message: translate('de', 'errors.too_many_code_attempts'),
    });
    expect(errorOf(last!).message).toContain('15 Minuten');
    // Even a good code waits, then the window passes.
    expect((await packages(member.cookie, 'LIMITGOOD')).statusCode).toBe(429);
    t.clock.set(new Date(START.getTime() + DISCOUNT_GUESS_WINDOW_MS));
    const after = await packages(member.cookie, 'LIMITGOOD');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().discount).toMatchObject({ code: 'LIMITGOOD', value_percentage: 10 });
  });

  it('a usable code through credit-packages.php takes nothing from the allowance', async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    for (let i = 0; i < DISCOUNT_CODE_GUESSES + 5; i++) expect((await packages(member.cookie, 'LIMITGOOD')).statusCode).toBe(200);
    for (let i = 0; i < DISCOUNT_CODE_GUESSES; i++) expect((await packages(member.cookie, `NOPE${i}`)).statusCode).toBe(404);
    expect((await packages(member.cookie, 'NOPEMORE')).statusCode).toBe(429);
  });

  it('one counter for credit-packages.php, discountcode.php, payment.php and directdebit.php', async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    for (let i = 0; i < 3; i++) expect((await packages(member.cookie, `SHARED${i}`)).statusCode).toBe(404);
    for (let i = 3; i < 5; i++) expect((await checkCode(member.cookie, `SHARED${i}`)).statusCode).toBe(404);
    for (let i = 5; i < 7; i++) expect((await pay(member.cookie, `SHARED${i}`)).statusCode).toBe(404);
    for (let i = 7; i < DISCOUNT_CODE_GUESSES; i++) expect((await directDebit(member.cookie, `SHARED${i}`)).statusCode).toBe(404);
    const blockedAnswers = [
      await packages(member.cookie, 'SHAREDA'),
      await checkCode(member.cookie, 'SHAREDB'),
      await pay(member.cookie, 'SHAREDC'),
      await directDebit(member.cookie, 'SHAREDD'),
    ];
    for (const blocked of blockedAnswers) {
      expect(blocked.statusCode, blocked.body).toBe(429);
      expect(errorOf(blocked)).toMatchObject({ code: 'too_many_code_attempts', message: translate('en', 'errors.too_many_code_attempts') });
    }
  });

  it('parallel wrong codes through credit-packages.php still stop at the limit', async () => {
    t.clock.set(START);
    const member = await activeMember(t);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => packages(member.cookie, `PARALLEL${i}`)));
    const counts = answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 404: DISCOUNT_CODE_GUESSES, 429: 30 - DISCOUNT_CODE_GUESSES });
  });
});
