import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import {
  activeMember,
  createAccountsTestApp,
  errorOf,
  linkPath,
  nextIp,
  sessionCookieOf,
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
const isNotice = (subject: string) => (m: { subject: string }) => m.subject.includes(subject);

describe('security notice after a password change', () => {
  it('mails the account address in its language with a not-me link; the link locks the account until a reset', async () => {
    const { body, cookie } = await activeMember(t, { language: 'nl' });
    t.smtp.clear();
    await post('/api/password.php', { old_password: body.password, new_password: 'intruder password' }, cookie);
    const notice = await t.smtp.waitForMail(body.email, isNotice('wachtwoord'));
    expect(notice.subject).toBe('Het wachtwoord van je account bij Cupido is gewijzigd');
    expect(notice.text).toContain('10 maart 2026');
    expect(notice.text).toContain('Dit was ik niet');
    expect(linkPath(notice, '/account/not-me')).toMatch(/^\/account\/not-me\?token=/);
    // Opening the link is a GET of the web page only; nothing is locked until the POST.
    expect((await post('/api/user.php', { email: body.email, password: 'intruder password' })).statusCode).toBe(200);

    const token = tokenOf(notice, '/account/not-me');
    const locked = await post('/api/not-me.php', { token }, cookie);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toEqual({ locked: true, email: body.email });
    expect(await me(cookie)).toBeNull();

    const refused = await post('/api/user.php?locale=en', { email: body.email, password: 'intruder password' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'account_locked', message: expect.stringContaining('locked for your security') });
    expect(errorOf(await post('/api/not-me.php', { token }))).toMatchObject({ code: 'token_invalid' });

    const reset = await t.smtp.waitForMail(body.email, (m) => m.links.some((l) => l.includes('/reset-password/do')));
    const done = await post('/api/reset-password-do.php', {
      token: tokenOf(reset, '/reset-password/do'),
      password: 'my own password',
      password_confirmation: 'my own password',
    });
    expect(done.statusCode).toBe(200);
    expect(await me(sessionCookieOf(done))).not.toBeNull();
    expect((await post('/api/user.php', { email: body.email, password: 'my own password' })).statusCode).toBe(200);
  });

  it('refuses an unknown or expired not-me link', async () => {
    expect(errorOf(await post('/api/not-me.php', { token: 'made-up' }))).toMatchObject({ code: 'token_invalid' });
    const { body, cookie } = await activeMember(t);
    t.smtp.clear();
    await post('/api/password.php', { old_password: body.password, new_password: 'another password' }, cookie);
    const notice = await t.smtp.waitForMail(body.email, isNotice('password'));
    t.clock.advance(7 * 24 * 3_600_000 + 1000);
    expect((await post('/api/not-me.php', { token: tokenOf(notice, '/account/not-me') })).statusCode).toBe(400);
    expect((await post('/api/user.php', { email: body.email, password: 'another password' })).statusCode).toBe(200);
  });
});

describe('security notice after an e-mail change', () => {
  it('goes to the old address; not-me restores it, locks the account and mails the reset link there', async () => {
    const { body, cookie, user } = await activeMember(t);
    const intruder = `intruder.${body.email}`;
    await post('/api/email.php', { email: intruder, current_password: body.password }, cookie);
    const confirm = await t.smtp.waitForMail(intruder);
    t.smtp.clear();
    await post('/api/mail-change-do.php', { token: tokenOf(confirm, '/mail-change/do') }, cookie);

    const notice = await t.smtp.waitForMail(body.email, isNotice('e-mail address'));
    expect(notice.subject).toBe('The e-mail address of your Cupido account was changed');
    expect(notice.text).toContain(intruder);
    expect(notice.text).toMatch(/\d+ March 2026 at \d\d:\d\d UTC/);
    expect(t.smtp.mails.filter((m) => m.to.includes(intruder))).toEqual([]);

    const locked = await post('/api/not-me.php', { token: tokenOf(notice, '/account/not-me') });
    expect(locked.json()).toEqual({ locked: true, email: body.email });
    expect(locked.cookies.find((c) => c.name === 'auth.session')?.value ?? '').toBe('');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: body.email, passwordHash: null, pendingEmail: null });
    expect(await me(cookie)).toBeNull();
    expect((await post('/api/user.php', { email: intruder, password: body.password })).statusCode).toBe(401);
    await t.smtp.waitForMail(body.email, (m) => m.links.some((l) => l.includes('/reset-password/do')));
  });
});
