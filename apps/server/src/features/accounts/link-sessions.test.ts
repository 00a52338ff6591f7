import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeMember,
  createAccountsTestApp,
  linkPath,
  nextIp,
  sessionCookieOf,
  signup,
  tokenOf,
  type AccountsTestApp,
} from '../../test/accounts-kit';

/**
 * Issue 10 security (login CSRF): a mailed link opened in a browser where another member is
 * logged in does its own job for its account, and leaves that member's session alone
 * (decision 023). A browser without a session is still logged in, as the spec's flows want.
 */
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
const me = async (cookie: string) => (await get('/api/user.php', cookie)).json().user;
const setsSession = (response: { cookies: { name: string }[] }) => response.cookies.some((c) => c.name === 'auth.session');

describe('activation link', () => {
  it('opened where another member is logged in: activates its account, keeps that session, says so', async () => {
    const other = await activeMember(t);
    const linked = await signup(t);
    const response = await get(linkPath(linked.mail, '/api/activate.php'), other.cookie);
    expect(response.headers.location).toBe('/activate/error?reason=other_account&action=activation');
    expect(setsSession(response)).toBe(false);
    expect((await me(other.cookie)).email).toBe(other.body.email);
    expect((await me(linked.cookie)).status).toBe('active');
  });

  it('opened without a session: activates and logs in; in its own session: just activates', async () => {
    const fresh = await signup(t);
    const visitor = await get(linkPath(fresh.mail, '/api/activate.php'));
    expect(visitor.headers.location).toBe('/activate/done');
    expect((await me(sessionCookieOf(visitor))).email).toBe(fresh.body.email);

    const own = await signup(t);
    const response = await get(linkPath(own.mail, '/api/activate.php'), own.cookie);
    expect(response.headers.location).toBe('/activate/done');
    expect(setsSession(response)).toBe(false);
  });
});

describe('reactivation link', () => {
  async function deletedMember() {
    const member = await activeMember(t);
    t.smtp.clear();
    const deleted = await post(
      '/api/delete-account.php',
      { reason: 'time', confirm: true, current_password: member.body.password },
      member.cookie,
    );
    expect(deleted.json()).toEqual({ ok: true });
    return { ...member, link: linkPath(await t.smtp.waitForMail(member.body.email), '/api/reactivate.php') };
  }

  it('opened where another member is logged in: the account is back, that session stays', async () => {
    const leaving = await deletedMember();
    const other = await activeMember(t);
    const response = await get(leaving.link, other.cookie);
    expect(response.headers.location).toBe('/activate/error?reason=other_account&action=reactivation');
    expect(setsSession(response)).toBe(false);
    expect((await me(other.cookie)).email).toBe(other.body.email);
    const login = await post('/api/user.php', { email: leaving.body.email, password: leaving.body.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.status).toBe('active');
  });

  it('opened without a session: reactivates and logs in', async () => {
    const leaving = await deletedMember();
    const response = await get(leaving.link);
    expect(response.headers.location).toBe('/members?reactivated=1');
    expect((await me(sessionCookieOf(response))).email).toBe(leaving.body.email);
  });
});

describe('e-mail change link', () => {
  async function pendingChange() {
    const member = await activeMember(t);
    const wanted = `changed.${member.body.email}`;
    await post('/api/email.php', { email: wanted, current_password: member.body.password }, member.cookie);
    return { ...member, wanted, token: tokenOf(await t.smtp.waitForMail(wanted), '/mail-change/do') };
  }

  it('confirmed where another member is logged in: the change is made, that session stays and is answered', async () => {
    const changing = await pendingChange();
    const other = await activeMember(t);
    const response = await post('/api/mail-change-do.php', { token: changing.token }, other.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(setsSession(response)).toBe(false);
    expect(response.json()).toMatchObject({ email: changing.wanted, other_account: true, user: { email: other.body.email } });
    expect((await me(other.cookie)).email).toBe(other.body.email);
    expect((await me(changing.cookie)).email).toBe(changing.wanted);
  });

  it('confirmed without a session: logs the account in; in its own session: answers it', async () => {
    const visitorCase = await pendingChange();
    const visitor = await post('/api/mail-change-do.php', { token: visitorCase.token });
    expect(visitor.json()).toMatchObject({ email: visitorCase.wanted, other_account: false, user: { email: visitorCase.wanted } });
    expect((await me(sessionCookieOf(visitor))).email).toBe(visitorCase.wanted);

    const ownCase = await pendingChange();
    const own = await post('/api/mail-change-do.php', { token: ownCase.token }, ownCase.cookie);
    expect(setsSession(own)).toBe(false);
    expect(own.json()).toMatchObject({ other_account: false, user: { email: ownCase.wanted } });
  });
});
