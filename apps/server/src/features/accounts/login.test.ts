import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@cupido/shared/rules/accounts';
import { activeMember, createAccountsTestApp, errorOf, nextIp, sessionCookieOf, type AccountsTestApp } from '../../test/accounts-kit';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, extra: { locale?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user.php${extra.locale ? `?locale=${extra.locale}` : ''}`,
    payload: { email, password },
    headers: { 'x-request-type': 'client' },
    remoteAddress: extra.ip ?? '192.0.2.10',
  });

describe('GET /api/user.php', () => {
  it('answers null for a visitor and for a made-up cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php' })).json()).toEqual({ user: null });
    const forged = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: 'auth.session=forged' } });
    expect(forged.json()).toEqual({ user: null });
  });

  it('answers every field of spec section 3 for a member', async () => {
    const { cookie, body } = await activeMember(t);
    const user = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
    expect(user).toEqual({
      id: expect.any(Number),
      email: body.email,
      pending_email: null,
      language: 'en',
      time_zone: null, // until the browser tells it (issue 11); the site's zone counts meanwhile
      status: 'active',
      credits: 20, // the demo site's signup credits, granted on activation
      paid_user: false,
      signup_date: '2026-03-10T10:00:00.000Z',
      activated_at: '2026-03-10T10:00:00.000Z', // activeMember confirms at once
      fictional_icon: '🎭',
      notifications_disabled: [],
      orientation_consent: true,
      ad_tracking_consent: null, // never given nor withdrawn on the server (decision 024)
      profile: { id: expect.any(Number), name: 'Sanne', country: 'GB', status: 'active', main_image: null },
    });
  });

  it('does not accept a session on another site', async () => {
    const { cookie } = await activeMember(t);
    const other = await t.app.inject({ method: 'GET', url: '/api/user.php?domain=nl.localhost', headers: { cookie } });
    expect(other.json()).toEqual({ user: null });
  });
});

describe('language chosen before login', () => {
  it('becomes the account language when the locale cookie differs; without the cookie the account keeps its own', async () => {
    const { body } = await activeMember(t, { language: 'de' });
    const plain = await login(body.email, body.password);
    expect(plain.json().user.language).toBe('de');
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
      headers: { cookie: 'i18n_redirected=fr' },
      remoteAddress: nextIp(),
    });
    expect(chosen.json().user.language).toBe('fr');
    const cookie = sessionCookieOf(chosen);
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user.language).toBe('fr');
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
      headers: { cookie: 'i18n_redirected=xx' },
      remoteAddress: nextIp(),
    });
    expect(bogus.json().user.language).toBe('fr');
  });
});

describe('POST /api/user.php (login) and logout', () => {
  it('logs in with the right password, sets a 30-day HttpOnly SameSite=Lax cookie, and logs out', async () => {
    const { body } = await activeMember(t);
    const response = await login(body.email.toUpperCase(), body.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(body.email);
    const cookie = response.cookies.find((c) => c.name === 'auth.session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy();

    const session = sessionCookieOf(response);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: session } });
    expect(logout.json()).toEqual({ ok: true });
    // The session row is gone: the old cookie no longer works anywhere.
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: session } })).json().user).toBeNull();
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const { body } = await activeMember(t);
    const secureApp = await (await import('../../test/test-app')).createTestApp({ trustProxy: 1 });
    try {
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload: { ...body, email: `secure.${body.email}` },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((c) => c.name === 'auth.session')!.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  }, 20_000);

  it('says login failed for a wrong password and for an unknown e-mail, translated', async () => {
    const { body } = await activeMember(t);
    const wrong = await login(body.email, 'wrong password', { ip: nextIp() });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toMatchObject({ code: 'login_failed', message: 'Login failed, please try again.' });
    const unknown = await login('nobody@example.com', 'whatever1', { ip: nextIp(), locale: 'de' });
    expect(errorOf(unknown).code).toBe('login_failed');
    expect(errorOf(unknown).message).not.toBe('Login failed, please try again.');
  });

  it(`blocks the account after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures, even with the right password, and releases it after the time`, async () => {
    const { body } = await activeMember(t);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt++) {
      expect(errorOf(await login(body.email, 'wrong password', { ip: nextIp() })).code).toBe('login_failed');
    }
    const blocked = await login(body.email, 'wrong password', { ip: nextIp() });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('login_blocked');
    expect(errorOf(blocked).message).toMatch(/^Too many incorrect attempts, account blocked for \d+ min\.$/);

    const stillBlocked = await login(body.email, body.password, { ip: nextIp() });
    expect(errorOf(stillBlocked).code).toBe('login_blocked');
    const minutes = Number(/for (\d+) min/.exec(errorOf(stillBlocked).message)![1]);
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThanOrEqual(15);

    t.clock.advance(minutes * 60_000);
    expect((await login(body.email, body.password, { ip: nextIp() })).statusCode).toBe(200);
  }, 30_000);

  it('blocks an IP that tries many accounts', async () => {
    const ip = '198.51.100.77';
    let last;
    for (let attempt = 0; attempt < 30; attempt++) last = await login(`guess${attempt}@example.com`, 'wrong password', { ip });
    expect(errorOf(last!).code).toBe('login_blocked');
    expect(errorOf(await login('another@example.com', 'wrong password', { ip })).code).toBe('login_blocked');
  }, 60_000);

  it('refuses malformed bodies with a translated 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user.php?locale=fr', payload: { email: 42 } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_request');
  });
});

describe('PUT /api/user.php', () => {
  it('stores the language of a member and refuses visitors and unknown languages', async () => {
    const { cookie } = await activeMember(t);
    const put = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers: { cookie }, payload: { language: 'pl' } });
    expect(put.json().user.language).toBe('pl');
    expect((await t.app.inject({ method: 'PUT', url: '/api/user.php', headers: { cookie }, payload: { language: 'xx' } })).statusCode).toBe(
      400,
    );
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/user.php', payload: { language: 'pl' } });
    expect(visitor.statusCode).toBe(403);
    expect(errorOf(visitor).code).toBe('authentication_required');
  });
});
