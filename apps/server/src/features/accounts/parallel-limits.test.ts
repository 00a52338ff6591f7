/**
 * The login lockout and the signup limit per address under parallel requests (issue 10,
 * security): each attempt is counted atomically before it is judged, so a burst cannot slip
 * past a limit that a check-then-count sequence would only notice afterwards. Runs on the
 * embedded database and, with TEST_DATABASE_URL and REDIS_URL, on PostgreSQL + Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, SIGNUPS_PER_IP_PER_HOUR } from '@cupido/shared/rules/accounts';
import { createAccountsTestApp, errorOf, nextIp, signup, signupBody, type AccountsTestApp } from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/user.php', payload: { email, password }, remoteAddress: ip });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }), {});

describe('login lockout under parallel guesses', () => {
  it(`tries at most ${LOGIN_MAX_FAILURES_PER_ACCOUNT} of 50 parallel wrong passwords, and refuses the right one sent behind them`, async () => {
    const { body } = await signup(t);
    // Each guess from its own address, so only the account's own limit can stop them. The right
    // password goes last: it must be counted after the 50 guesses, not checked beside them.
    const attempts = await Promise.all([
      ...Array.from({ length: 50 }, () => login(body.email, 'wrong password', nextIp())),
      login(body.email, body.password, nextIp()),
    ]);
    const right = attempts.pop()!;
    expect(right.statusCode, right.body).toBe(429);
    expect(errorOf(right).code).toBe('login_blocked');
    // The failure that uses up the last attempt already answers "blocked" (429).
    expect(statuses(attempts)).toEqual({ 401: LOGIN_MAX_FAILURES_PER_ACCOUNT - 1, 429: 50 - LOGIN_MAX_FAILURES_PER_ACCOUNT + 1 });
    expect(attempts.filter((r) => r.statusCode === 429).every((r) => errorOf(r).code === 'login_blocked')).toBe(true);

    expect(errorOf(await login(body.email, body.password, nextIp())).code).toBe('login_blocked');
  }, 60_000);

  it(`lets at most ${LOGIN_MAX_FAILURES_PER_IP} parallel failures through from one address, and not a right password sent behind them`, async () => {
    const { body } = await signup(t);
    const ip = nextIp();
    const attempts = await Promise.all([
      ...Array.from({ length: LOGIN_MAX_FAILURES_PER_IP + 20 }, (_, i) => login(`parallel.${i}.${ip}@example.com`, 'wrong password', ip)),
      login(body.email, body.password, ip),
    ]);
    const right = attempts.pop()!;
    expect(errorOf(right).code).toBe('login_blocked');
    expect(statuses(attempts)).toEqual({ 401: LOGIN_MAX_FAILURES_PER_IP - 1, 429: 21 });
  }, 60_000);

  it('does not count successful logins against the address or the account', async () => {
    const { body } = await signup(t);
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP + 5; i++) expect((await login(body.email, body.password, ip)).statusCode).toBe(200);
    expect(errorOf(await login(body.email, 'wrong password', ip)).code).toBe('login_failed');
  }, 60_000);
});

describe('signup limit per address under parallel signups', () => {
  it(`creates exactly ${SIGNUPS_PER_IP_PER_HOUR} of 30 parallel signups from one address`, async () => {
    const ip = nextIp();
    const signups = await Promise.all(
      Array.from({ length: 30 }, () => t.app.inject({ method: 'POST', url: '/api/signup.php', payload: signupBody(), remoteAddress: ip })),
    );
    expect(statuses(signups)).toEqual({ 201: SIGNUPS_PER_IP_PER_HOUR, 429: 30 - SIGNUPS_PER_IP_PER_HOUR });
    expect(errorOf(signups.find((r) => r.statusCode === 429)!).code).toBe('too_many_signups');
  }, 60_000);

  it('does not count refused signups (a typo costs nothing)', async () => {
    const ip = nextIp();
    const typos = await Promise.all(
      Array.from({ length: SIGNUPS_PER_IP_PER_HOUR + 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/signup.php', payload: signupBody({ password: 'short' }), remoteAddress: ip }),
      ),
    );
    expect(Object.keys(statuses(typos))).not.toContain('201');
    const real = await t.app.inject({ method: 'POST', url: '/api/signup.php', payload: signupBody(), remoteAddress: ip });
    expect(real.statusCode, real.body).toBe(201);
  }, 60_000);
});
