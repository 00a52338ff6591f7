import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeMember,
  createAccountsTestApp,
  errorOf,
  nextIp,
  sessionCookieOf,
  tokenOf,
  type AccountsTestApp,
} from '../../test/accounts-kit';

/** Issue 10 security: a link mailed before a change must not undo it (decision 023). */
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
const login = (email: string, password: string) => post('/api/user.php', { email, password });

async function resetLink(email: string): Promise<string> {
  t.smtp.clear();
  expect((await post('/api/reset-password.php', { email })).statusCode).toBe(200);
  await t.app.jobs.drain();
  return tokenOf(await t.smtp.waitForMail(email), '/reset-password/do');
}
const useReset = (token: string, password: string) =>
  post('/api/reset-password-do.php', { token, password, password_confirmation: password });

describe('password reset links end with a password change', () => {
  it('a reset link from before a change in the settings no longer works', async () => {
    const { body, cookie } = await activeMember(t);
    const early = await resetLink(body.email);
    expect((await post('/api/password.php', { old_password: body.password, new_password: 'changed in settings' }, cookie)).json()).toEqual({
      ok: true,
    });

    const late = await useReset(early, 'the attacker chose');
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).code).toBe('token_invalid');
    expect((await login(body.email, 'the attacker chose')).statusCode).toBe(401);
    expect((await login(body.email, 'changed in settings')).statusCode).toBe(200);
  });

  it('after a reset, the other reset links of the account no longer work', async () => {
    const { body } = await activeMember(t);
    const first = await resetLink(body.email);
    const second = await resetLink(body.email);
    const done = await useReset(second, 'from the second link');
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(sessionCookieOf(done))).not.toBeNull();

    expect(errorOf(await useReset(first, 'from the first link')).code).toBe('token_invalid');
    expect((await login(body.email, 'from the second link')).statusCode).toBe(200);
  });
});

describe('a newer e-mail change ends the older one', () => {
  it('the first link does not apply its address once a second change was asked for', async () => {
    const { body, cookie } = await activeMember(t);
    const [first, second] = [`first.${body.email}`, `second.${body.email}`];
    await post('/api/email.php', { email: first, current_password: body.password }, cookie);
    const firstToken = tokenOf(await t.smtp.waitForMail(first), '/mail-change/do');
    await post('/api/email.php', { email: second, current_password: body.password }, cookie);
    const secondToken = tokenOf(await t.smtp.waitForMail(second), '/mail-change/do');

    const stale = await post('/api/mail-change-do.php', { token: firstToken }, cookie);
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).code).toBe('token_invalid');
    expect(await me(cookie)).toMatchObject({ email: body.email, pending_email: second });

    const confirmed = await post('/api/mail-change-do.php', { token: secondToken }, cookie);
    expect(confirmed.json().user).toMatchObject({ email: second, pending_email: null });
  });
});
