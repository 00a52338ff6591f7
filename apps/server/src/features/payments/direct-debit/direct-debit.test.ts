/**
 * POST /api/directdebit.php through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the checks before a code is sent, the code read from the SMS file the log-only sender writes,
 * wrong and right codes, too many guesses, expiry, the resend interval, and the clean-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  DIRECT_DEBIT_CODE_TTL_MINUTES,
  DIRECT_DEBIT_MAX_ATTEMPTS,
  DIRECT_DEBIT_RESEND_SECONDS,
} from '@cupido/shared/contracts/direct-debit';
import { directDebitRequests, payments, purchaseBlocks, users } from '../../../db/schema';
import { DomainEvents } from '../../../infra/domain-events';
import { parseSmsFile } from '../../../infra/sms';
import { translate } from '../../../i18n/translate';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../../test/accounts-kit';
import { handleDirectDebitEvents, purgeJob } from './requests';
import { DIRECT_DEBIT_SMS_PER_HOUR } from './service';
import { DIRECT_DEBIT_PHONE_E164, directDebitForm } from './test/direct-debit-test-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
}, 60_000);
afterAll(async () => t?.close());

let keys = 0;
const newKey = () => `dd-test-key-${process.pid}-${++keys}`;

/** A member paying from Ireland, with a fresh idempotency key. */
const form = (overrides: Record<string, unknown> = {}) => ({ ...directDebitForm(), idempotency_key: newKey(), ...overrides });
const PHONE_E164 = DIRECT_DEBIT_PHONE_E164;

async function member() {
  const m = await activeMember(t);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, m.body.email));
  return { cookie: m.cookie, userId: row!.id };
}

const post = (cookie: string | undefined, body: Record<string, unknown>, domain = 'localhost') =>
  t.app.inject({ method: 'POST', url: `/api/directdebit.php?domain=${domain}`, payload: body, headers: cookie ? { cookie } : {} });

function smsFiles(): string[] {
  const dir = path.join(t.dataDir, 'sms');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** The latest SMS the log-only sender wrote to this number. */
function lastText(to = PHONE_E164): string {
  const dir = path.join(t.dataDir, 'sms');
  const messages = smsFiles()
    .map((f) => ({ file: f, sms: parseSmsFile(fs.readFileSync(path.join(dir, f), 'utf8')), at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .filter((m) => m.sms.to === to)
    .sort((a, b) => a.at - b.at || (a.file < b.file ? -1 : 1));
  return messages.at(-1)?.sms.text ?? '';
}

/** The code in that SMS. */
function lastCode(to = PHONE_E164): string {
  const text = lastText(to);
  const code = /(\d{6})\s*$/.exec(text)?.[1];
  expect(code, `no code in the SMS "${text}"`).toBeDefined();
  return code!;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function requestsOf(userId: number) {
  return t.database.db
    .select()
    .from(directDebitRequests)
    .where(eq(directDebitRequests.userId, userId))
    .orderBy(desc(directDebitRequests.id));
}

/** Each member's first send is never throttled; later ones wait out the resend interval. */
function afterResendInterval() {
  t.clock.advance((DIRECT_DEBIT_RESEND_SECONDS + 1) * 1000);
}

describe('POST /api/directdebit.php refusals', () => {
  it('answers members only', async () => {
    const response = await post(undefined, form());
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });

  it('needs the authorization checkbox (the contract refuses it, translated, naming the field)', async () => {
    const m = await member();
    const { authorization: _omitted, ...withoutAuthorization } = form();
    const missing = await post(m.cookie, withoutAuthorization);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toEqual({
      code: 'invalid_request',
      field: 'authorization',
      message: translate('en', 'errors.invalid_request'),
    });
    const unticked = await post(m.cookie, form({ authorization: false }));
    expect(errorOf(unticked).field).toBe('authorization');
    expect(smsFiles()).toHaveLength(0);
  });

  it('refuses an invalid or non-SEPA IBAN and a number that cannot take an SMS, before any SMS', async () => {
    const m = await member();
    const before = smsFiles().length;
    const badChecksum = await post(m.cookie, form({ iban: 'IE29 AIBK 9311 5212 3456 79' }));
    expect(badChecksum.statusCode).toBe(422);
    expect(errorOf(badChecksum)).toEqual({
      code: 'iban_invalid',
      field: 'iban',
      message: 'This IBAN is not valid. Please check it and try again.',
    });
    // Valid, but Brazil is outside SEPA.
    const notSepa = await post(m.cookie, form({ iban: 'BR1800360305000010009795493C1' }));
    expect(errorOf(notSepa).code).toBe('iban_invalid');
    const badPhone = await post(m.cookie, form({ phone: '1234567' }));
    expect(badPhone.statusCode).toBe(422);
    expect(errorOf(badPhone)).toMatchObject({
      code: 'phone_invalid',
      field: 'phone',
      message: 'Please enter a mobile number that can receive a text message.',
    });
    // A valid Dublin landline cannot take the SMS.
    expect(errorOf(await post(m.cookie, form({ phone: '01 234 5678' }))).code).toBe('phone_invalid');
    expect(smsFiles()).toHaveLength(before);
    expect(await requestsOf(m.userId)).toHaveLength(0);
  });

  it('refuses a member blocked for direct debit', async () => {
    const m = await member();
    await t.database.db.insert(purchaseBlocks).values({ userId: m.userId, kind: 'direct_debit', reason: 'staff', createdAt: t.clock() });
    const response = await post(m.cookie, form());
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'direct_debit_blocked',
      message: 'Your account is blocked for direct debit payments.',
    });
  });

  it('refuses an order above the 30-day limit (open, pending and paid direct debits count; older or failed ones not)', async () => {
    const m = await member();
    const [site] = await t.database.db.select({ siteId: users.siteId }).from(users).where(eq(users.id, m.userId));
    const now = t.clock();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const row = (amount: number, status: 'open' | 'pending' | 'failed', createdAt: Date) => ({
      userId: m.userId,
      siteId: site!.siteId,
      packageId: 'p3' as const,
      credits: 800,
      currency: 'EUR',
      listAmount: amount,
      amount,
      method: 'sdd' as const,
      country: 'IE',
      provider: 'sandbox',
      status,
      idempotencyKey: newKey(),
      withdrawalConsentAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
    await t.database.db.insert(payments).values([row(13_600, 'pending', now), row(8995, 'failed', now), row(8995, 'open', old)]);
    // The site's limit is 150.00: 136.00 counted + p0 (9.95, 7.46 with the time bonus) fits; p1 (19.95, 14.96) does not.
    const p0 = await post(m.cookie, form({ package_id: 'p0' }));
    expect(p0.statusCode, p0.body).toBe(200);
    afterResendInterval();
    const p1 = await post(m.cookie, form({ package_id: 'p1' }));
    expect(p1.statusCode).toBe(422);
    expect(errorOf(p1)).toEqual({
      code: 'direct_debit_limit',
      message:
        'You have reached the direct debit limit for now. Please try again later, choose a cheaper package or pay with another method.',
    });
  });
});

describe('the SMS code', () => {
  it("is sent in the member's language to the E.164 number, stored as a hash, and a wrong code is refused", async () => {
    const m = await member();
    await t.database.db.update(users).set({ language: 'nl' }).where(eq(users.id, m.userId));
    t.app.forgetMemberSessions(m.userId);
    const body = form();
    const sent = await post(m.cookie, body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ code_sent: true, phone_hint: '567' });
    const code = lastCode();
    expect(lastText()).toBe(`Je Cupido-code: ${code}`);
    const [request] = await requestsOf(m.userId);
    expect(request).toMatchObject({ phone: PHONE_E164, attempts: 0, sends: 1, paymentId: null });
    expect(request!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(request!.codeHash).not.toContain(code);
    expect(request!.details).toMatchObject({ iban: 'IE29AIBK93115212345678', package_id: 'p1' });
    expect(request!.expiresAt.getTime() - t.clock().getTime()).toBe(DIRECT_DEBIT_CODE_TTL_MINUTES * 60_000);

    const wrong = await post(m.cookie, { ...body, otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong)).toEqual({ code: 'code_invalid', field: 'otp', message: 'Code invalid' });
    expect((await requestsOf(m.userId))[0]!.attempts).toBe(1);

    // The code confirms only the order it was sent for.
    const otherIban = await post(m.cookie, { ...body, iban: 'IE64 IRCE 9205 0112 3456 78', otp: code });
    expect(errorOf(otherIban).code).toBe('code_invalid');
  });

  it('the right code starts one direct debit payment (a double submit answers the same one) and wipes the bank details', async () => {
    const m = await member();
    const body = form();
    expect((await post(m.cookie, body)).statusCode).toBe(200);
    const code = lastCode();
    expect((await post(m.cookie, { ...body, otp: wrongCode(code) })).statusCode).toBe(422);

    const right = await post(m.cookie, { ...body, otp: code });
    expect(right.statusCode, right.body).toBe(200);
    const answer = right.json() as { payment_id: number; redirect_url: string };
    expect(answer.payment_id).toBeGreaterThan(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, answer.payment_id));
    expect(payment).toMatchObject({
      userId: m.userId,
      method: 'sdd',
      packageId: 'p1',
      country: 'IE',
      idempotencyKey: body.idempotency_key,
    });

    const [request] = await requestsOf(m.userId);
    expect(request!.paymentId).toBe(answer.payment_id);
    expect(request!.details).toEqual({ package_id: 'p1', country: 'IE', idempotency_key: body.idempotency_key, iban_last4: '5678' });
    expect(JSON.stringify(request!.details)).not.toContain('Sanne');

    const again = await post(m.cookie, { ...body, otp: code });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payment_id).toBe(answer.payment_id);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(1);
  });

  it(`dies after ${DIRECT_DEBIT_MAX_ATTEMPTS} wrong guesses, even for the right code`, async () => {
    const m = await member();
    const body = form();
    await post(m.cookie, body);
    const code = lastCode();
    for (let i = 0; i < DIRECT_DEBIT_MAX_ATTEMPTS; i += 1) {
      expect(errorOf(await post(m.cookie, { ...body, otp: wrongCode(code) })).code).toBe('code_invalid');
    }
    const tooLate = await post(m.cookie, { ...body, otp: code });
    expect(tooLate.statusCode).toBe(422);
    expect(errorOf(tooLate)).toMatchObject({ code: 'code_invalid', field: 'otp' });
    expect((await requestsOf(m.userId))[0]!.attempts).toBe(DIRECT_DEBIT_MAX_ATTEMPTS);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(0);

    // Asking again starts a new request with a new code.
    afterResendInterval();
    expect((await post(m.cookie, body)).statusCode).toBe(200);
    expect(await requestsOf(m.userId)).toHaveLength(2);
  });

  it('expires after its time', async () => {
    const m = await member();
    const body = form();
    await post(m.cookie, body);
    const code = lastCode();
    t.clock.advance(DIRECT_DEBIT_CODE_TTL_MINUTES * 60_000 + 1_000);
    const expired = await post(m.cookie, { ...body, otp: code });
    expect(expired.statusCode).toBe(422);
    expect(errorOf(expired).code).toBe('code_invalid');
  });

  it('is resent at most every 30 s, renewing the same request, and at most a few times an hour', async () => {
    const m = await member();
    const body = form();
    expect((await post(m.cookie, body)).statusCode).toBe(200);
    const first = lastCode();
    const tooSoon = await post(m.cookie, { ...body, resend: true });
    expect(tooSoon.statusCode).toBe(429);
    expect(errorOf(tooSoon)).toMatchObject({ code: 'too_many_requests', message: translate('en', 'errors.too_many_requests') });

    afterResendInterval();
    expect((await post(m.cookie, { ...body, resend: true })).statusCode).toBe(200);
    const [renewed, ...others] = await requestsOf(m.userId);
    expect(others).toHaveLength(0);
    expect(renewed).toMatchObject({ sends: 2, attempts: 0 });
    const second = lastCode();
    if (second !== first) expect(errorOf(await post(m.cookie, { ...body, otp: first })).code).toBe('code_invalid');

    // The hourly cap, counted across requests.
    for (let sends = 2; sends < DIRECT_DEBIT_SMS_PER_HOUR; sends += 1) {
      afterResendInterval();
      expect((await post(m.cookie, { ...body, resend: true })).statusCode).toBe(200);
    }
    afterResendInterval();
    expect((await post(m.cookie, { ...body, resend: true })).statusCode).toBe(429);
  });
});

describe('parallel requests', () => {
  it('parallel sends make one SMS; parallel guesses never exceed the attempts; a parallel right code makes one payment', async () => {
    const m = await member();
    const body = form();
    const before = smsFiles().length;
    const sends = await Promise.all(Array.from({ length: 4 }, () => post(m.cookie, body)));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    expect(smsFiles()).toHaveLength(before + 1);
    const code = lastCode();

    const guesses = await Promise.all(Array.from({ length: 8 }, () => post(m.cookie, { ...body, otp: wrongCode(code) })));
    expect(guesses.every((r) => r.statusCode === 422 && errorOf(r).code === 'code_invalid')).toBe(true);
    expect((await requestsOf(m.userId))[0]!.attempts).toBe(DIRECT_DEBIT_MAX_ATTEMPTS);
    expect(errorOf(await post(m.cookie, { ...body, otp: code })).code).toBe('code_invalid');

    const n = await member();
    const order = form();
    expect((await post(n.cookie, order)).statusCode).toBe(200);
    const right = lastCode();
    const confirms = await Promise.all(Array.from({ length: 3 }, () => post(n.cookie, { ...order, otp: right })));
    for (const response of confirms) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(confirms.map((r) => r.json().payment_id)).size).toBe(1);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, n.userId))).toHaveLength(1);
  });
});

describe('clean-up', () => {
  it("the job deletes expired requests; erasure deletes the member's", async () => {
    const a = await member();
    const b = await member();
    await post(a.cookie, form());
    await post(b.cookie, form({ phone: '+353 86 765 4321' }));
    const log = { info: () => {}, error: () => {} };
    const job = purgeJob({ db: t.database.db, clock: t.clock, log: log as never });
    await job.run({}, undefined as never);
    expect(await requestsOf(a.userId)).toHaveLength(1);
    t.clock.advance(DIRECT_DEBIT_CODE_TTL_MINUTES * 60_000 + 1_000);
    await job.run({}, undefined as never);
    expect(await requestsOf(a.userId)).toHaveLength(0);

    afterResendInterval();
    await post(b.cookie, form({ phone: '+353 86 765 4321' }));
    const events = new DomainEvents(log);
    handleDirectDebitEvents(events);
    await events.transaction(t.database.db, (tx) => events.publish(tx, { type: 'account.erased', userId: b.userId, profileId: null }));
    expect(await requestsOf(b.userId)).toHaveLength(0);
  });
});
