import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAILS_PER_ACCOUNT_PER_DAY } from '@cupido/shared/rules/accounts';
import {
  activeMember,
  createAccountsTestApp,
  errorOf,
  linkPath,
  nextIp,
  sessionCookieOf,
  signup,
  tokenOf,
  type AccountsTestApp,
} from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;

describe('forgotten password', () => {
  it('mails a reset link to /reset-password/do; the link sets the password once and ends other sessions', async () => {
    const { body, cookie: oldSession } = await activeMember(t);
    t.smtp.clear();
    expect((await post('/api/reset-password.php', { email: body.email })).json()).toEqual({ sent: true });
    await t.app.jobs.drain();
    const mail = await t.smtp.waitForMail(body.email);
    expect(linkPath(mail, '/reset-password/do')).toMatch(/^\/reset-password\/do\?token=/);
    const token = tokenOf(mail, '/reset-password/do');

    const unequal = await post('/api/reset-password-do.php', {
      token,
      password: 'new password 1',
      password_confirmation: 'new password 2',
    });
    expect(errorOf(unequal)).toMatchObject({ code: 'passwords_not_equal', field: 'password_confirmation' });

    const done = await post('/api/reset-password-do.php', { token, password: 'new password 1', password_confirmation: 'new password 1' });
    expect(done.statusCode).toBe(200);
    const newSession = sessionCookieOf(done);
    expect(await me(newSession)).not.toBeNull();
    expect(await me(oldSession)).toBeNull();

    const reused = await post('/api/reset-password-do.php', { token, password: 'other password', password_confirmation: 'other password' });
    expect(errorOf(reused)).toMatchObject({ code: 'token_invalid', message: 'Link expired or invalid, request a new email' });
    const login = await post('/api/user.php', { email: body.email, password: 'new password 1' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { body } = await activeMember(t);
    t.smtp.clear();
    await post('/api/reset-password.php', { email: body.email });
    await t.app.jobs.drain();
    const token = tokenOf(await t.smtp.waitForMail(body.email), '/reset-password/do');
    t.clock.advance(2 * 3_600_000 + 1000);
    const late = await post('/api/reset-password-do.php', { token, password: 'new password 1', password_confirmation: 'new password 1' });
    expect(errorOf(late).code).toBe('token_invalid');
  });

  it('answers an unknown address like a known one (decision 022), and stops after too many mails a day', async () => {
    const unknown = await post('/api/reset-password.php', { email: 'nobody.here@example.com' });
    expect(unknown.json()).toEqual({ sent: true });

    const { body } = await activeMember(t);
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT_PER_DAY; i++) {
      expect((await post('/api/reset-password.php', { email: body.email })).statusCode).toBe(200);
    }
    const tooMany = await post('/api/reset-password.php', { email: body.email });
    expect(tooMany.statusCode).toBe(429);
    expect(errorOf(tooMany).message).toBe('Too many password reset emails sent, please try again tomorrow');
  });
});

describe('change password', () => {
  it('needs the correct old password, then keeps this session and ends the others', async () => {
    const { body, cookie } = await activeMember(t);
    const other = sessionCookieOf(await post('/api/user.php', { email: body.email, password: body.password }));

    const wrong = await post('/api/password.php', { old_password: 'not it at all', new_password: 'brand new pass' }, cookie);
    expect(errorOf(wrong)).toMatchObject({ code: 'old_password_wrong', field: 'old_password' });
    const short = await post('/api/password.php', { old_password: body.password, new_password: 'short' }, cookie);
    expect(errorOf(short)).toMatchObject({ code: 'password_too_short', field: 'new_password' });

    expect((await post('/api/password.php', { old_password: body.password, new_password: 'brand new pass' }, cookie)).json()).toEqual({
      ok: true,
    });
    expect(await me(cookie)).not.toBeNull();
    expect(await me(other)).toBeNull();
    expect((await post('/api/user.php', { email: body.email, password: 'brand new pass' })).statusCode).toBe(200);
    expect((await post('/api/password.php', { old_password: 'x', new_password: 'y' })).statusCode).toBe(403);
  });
});

describe('change e-mail', () => {
  it('takes effect only through the link sent to the new address', async () => {
    const { body, cookie } = await activeMember(t);
    const newEmail = `new.${body.email}`;
    const requested = await post('/api/email.php', { email: newEmail, current_password: body.password }, cookie);
    expect(requested.json().user).toMatchObject({ email: body.email, pending_email: newEmail });
    const mail = await t.smtp.waitForMail(newEmail);
    const path = linkPath(mail, '/mail-change/do');

    const confirmed = await post('/api/mail-change-do.php', { token: tokenOf(mail, '/mail-change/do') }, cookie);
    expect(confirmed.json().user).toMatchObject({ email: newEmail, pending_email: null });
    expect(path).toMatch(/^\/mail-change\/do\?token=/);
    expect((await post('/api/user.php', { email: newEmail, password: body.password })).statusCode).toBe(200);
    expect((await post('/api/user.php', { email: body.email, password: body.password })).statusCode).toBe(401);
    const reused = await post('/api/mail-change-do.php', { token: tokenOf(mail, '/mail-change/do') }, cookie);
    expect(errorOf(reused).code).toBe('token_invalid');
  });

  it('refuses an invalid address and one that belongs to another account', async () => {
    const first = await activeMember(t);
    const second = await signup(t);
    expect(
      errorOf(await post('/api/email.php', { email: 'not-an-address', current_password: second.body.password }, second.cookie)),
    ).toMatchObject({ code: 'invalid_email', field: 'email' });
    const taken = await post('/api/email.php', { email: first.body.email, current_password: second.body.password }, second.cookie);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('email_taken');
    expect((await me(second.cookie)).pending_email).toBeNull();
  });

  it('refuses the current address with its own translated message under the field', async () => {
    const { body, cookie } = await activeMember(t);
    const same = await post('/api/email.php', { email: body.email.toUpperCase(), current_password: body.password }, cookie);
    expect(same.statusCode).toBe(409);
    expect(errorOf(same)).toEqual({
      code: 'email_unchanged',
      field: 'email',
      message: 'This is already your e-mail address. Enter the new address you want to use.',
    });
    const nl = await post('/api/email.php?locale=nl', { email: body.email, current_password: body.password }, cookie);
    expect(errorOf(nl).message).toBe('Dit is al je e-mailadres. Vul het nieuwe adres in dat je wilt gebruiken.');
    expect((await me(cookie)).pending_email).toBeNull();
  });

  it('refuses the link when the address was taken after it was sent', async () => {
    const { body, cookie } = await activeMember(t);
    const wanted = `wanted.${body.email}`;
    await post('/api/email.php', { email: wanted, current_password: body.password }, cookie);
    const token = tokenOf(await t.smtp.waitForMail(wanted), '/mail-change/do');
    await signup(t, { email: wanted });
    const late = await post('/api/mail-change-do.php', { token }, cookie);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('email_taken');
    expect((await me(cookie)).email).toBe(body.email);
  });
});
