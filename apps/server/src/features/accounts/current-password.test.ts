import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@cupido/shared/rules/accounts';
import { activeMember, createAccountsTestApp, errorOf, nextIp, type AccountsTestApp } from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie }, remoteAddress: nextIp() });
const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;

describe('the settings ask for the current password', () => {
  it('an e-mail change with a wrong or missing current password changes nothing and mails nothing', async () => {
    const { body, cookie } = await activeMember(t);
    t.smtp.clear();
    const wanted = `wanted.${body.email}`;
    const wrong = await post('/api/email.php?locale=de', { email: wanted, current_password: 'not my password' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({
      code: 'old_password_wrong',
      field: 'current_password',
      message: 'Dein aktuelles Passwort ist nicht richtig',
    });
    const missing = await post('/api/email.php', { email: wanted }, cookie);
    expect(errorOf(missing)).toMatchObject({ code: 'invalid_request', field: 'current_password' });
    expect((await me(cookie)).pending_email).toBeNull();

    const right = await post('/api/email.php', { email: wanted, current_password: body.password }, cookie);
    expect(right.json().user.pending_email).toBe(wanted);
    await t.smtp.waitForMail(wanted);
    // The refused attempts sent nothing before it (mails are sent before the call answers).
    expect(t.smtp.mails.flatMap((m) => m.to)).toEqual([wanted]);
  });

  it('a deletion with a wrong current password leaves the account active and logged in', async () => {
    const { body, cookie } = await activeMember(t);
    const wrong = await post('/api/delete-account.php', { reason: 'price', confirm: true, current_password: `${body.password}!` }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      code: 'old_password_wrong',
      field: 'current_password',
      message: 'Your current password is not correct',
    });
    expect((await me(cookie)).status).toBe('active');
    expect(
      (await post('/api/delete-account.php', { reason: 'price', confirm: true, current_password: body.password }, cookie)).json(),
    ).toEqual({ ok: true });
  });

  it(`after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong passwords even the right one waits ${LOGIN_LOCK_MINUTES} minutes, on every call`, async () => {
    const { body, cookie } = await activeMember(t);
    // In parallel: each guess is counted before it is checked, so none slips past the count.
    const guesses = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES_PER_ACCOUNT * 2 }, (_, i) =>
        post('/api/password.php', { old_password: `guess number ${i}`, new_password: 'taken over!' }, cookie),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT);

    const blocked = await post('/api/email.php?locale=nl', { email: `x.${body.email}`, current_password: body.password }, cookie);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toMatchObject({ code: 'password_attempts_blocked', field: 'current_password' });
    expect(errorOf(blocked).message).toMatch(/^Te vaak een onjuist wachtwoord ingevuld\. Probeer het over \d+ min\. opnieuw\.$/);
    expect(
      (await post('/api/delete-account.php', { reason: 'price', confirm: true, current_password: body.password }, cookie)).statusCode,
    ).toBe(429);
    expect((await me(cookie)).status).toBe('active');

    t.clock.advance(LOGIN_LOCK_MINUTES * 60_000);
    expect((await post('/api/password.php', { old_password: body.password, new_password: 'my own new one' }, cookie)).json()).toEqual({
      ok: true,
    });
  });
});
