import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import { activeMember, createAccountsTestApp, errorOf, nextIp, signupBody, type AccountsTestApp } from '../test/accounts-kit';

/**
 * Issue 10 security: a NUL byte in a text field or an integer beyond int4 used to reach the
 * database and answer 500 (logging the submitted address). The shared contracts refuse them
 * with a translated 400 naming the field, before any service runs (decision 023).
 */
let t: AccountsTestApp;
let member: Awaited<ReturnType<typeof activeMember>>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  member = await activeMember(t);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'Sanne \uD83D';
const NL_INVALID_CHARACTERS = 'Dit bevat tekens die niet gebruikt kunnen worden. Haal ze weg en probeer het opnieuw.';

describe('text with a NUL byte or a lone surrogate', () => {
  const cases: [string, 'POST' | 'PUT', string, () => object, string, boolean][] = [
    ['login', 'POST', '/api/user.php', () => ({ email: `sanne${NUL}@example.com`, password: 'whatever it is' }), 'email', false],
    ['signup (name)', 'POST', '/api/signup.php', () => signupBody({ name: `Sa${NUL}` }), 'name', false],
    ['signup (lone surrogate)', 'POST', '/api/signup.php', () => signupBody({ name: LONE_SURROGATE }), 'name', false],
    // Tracking values are not refused but cleaned (a NUL drops the value; issue 31): features/accounts/ad-tracking-consent.test.ts.
    ['reset', 'POST', '/api/reset-password.php', () => ({ email: `sanne${NUL}@example.com` }), 'email', false],
    [
      'reset (new password)',
      'POST',
      '/api/reset-password-do.php',
      () => ({ token: 'x', password: NUL, password_confirmation: NUL }),
      'password',
      false,
    ],
    ['profile', 'PUT', '/api/profile.php', () => ({ about: `Hallo ${NUL}` }), 'about', true],
    ['profile (lone surrogate)', 'PUT', '/api/profile.php', () => ({ city: '\uDC00Utrecht' }), 'city', true],
    [
      'deletion remarks',
      'POST',
      '/api/delete-account.php',
      () => ({ reason: 'other', remarks: NUL, confirm: true, current_password: member.body.password }),
      'remarks',
      true,
    ],
    ['report', 'POST', '/api/report.php', () => ({ profile_id: 1, reason: 'other', text: NUL, good_faith: true }), 'text', true],
  ];
  for (const [name, method, url, body, field, needsSession] of cases) {
    it(`${name}: 400 invalid_characters on ${field}, in the member's language`, async () => {
      const response = await send(method, `${url}?locale=nl`, body(), needsSession ? member.cookie : undefined);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'invalid_characters', field, message: NL_INVALID_CHARACTERS });
    });
  }

  it('nothing was changed by the refused calls', async () => {
    const user = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: member.cookie } })).json().user;
    expect(user.status).toBe('active');
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie: member.cookie } })).json().profile;
    expect([profile.about, profile.city]).toEqual(['', '']);
  });

  it('a surrogate pair (an emoji) is text and is kept', async () => {
    const response = await send('PUT', '/api/profile.php', { about: 'Hallo 😀' }, member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile.about).toBe('Hallo 😀');
  });
});

describe('integers beyond int4', () => {
  const tooBig = INT32_MAX + 1;
  it('block and unblock: 400 on profile_id', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/block.php?locale=de',
        payload: { profile_id: tooBig },
        headers: { cookie: member.cookie },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'invalid_request',
        field: 'profile_id',
        message: expect.stringContaining('ungültig'),
      });
    }
  });

  it('signup from a profile page: 400 on signup_profile_id, no account made', async () => {
    const body = signupBody({ signup_profile_id: tooBig });
    const response = await send('POST', '/api/signup.php', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_request', field: 'signup_profile_id' });
    const login = await send('POST', '/api/user.php', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(401);
  });

  it('profile age preferences and reports: 400 instead of an out-of-range query', async () => {
    expect(errorOf(await send('PUT', '/api/profile.php', { looking_for_min_age: tooBig }, member.cookie))).toMatchObject({
      field: 'looking_for_min_age',
    });
    expect(
      errorOf(await send('POST', '/api/report.php', { profile_id: tooBig, reason: 'other', text: 'x', good_faith: true }, member.cookie)),
    ).toMatchObject({
      field: 'profile_id',
    });
  });
});
