/**
 * State-changing calls from another website are refused (decision 022): a cross-site multipart
 * upload (a plain HTML form can send one without a CORS preflight), a logout, a login; the same
 * calls from the site's own pages, and from clients that are no browser page, pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, errorOf, signup, type AccountsTestApp } from '../test/accounts-kit';
import { photoUpload, smallJpeg } from '../features/photos/test-images';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp();
});
afterAll(() => t.close());

const photosOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/photos.php', headers: { cookie } })).json().photos as unknown[];

async function upload(cookie: string, headers: Record<string, string>, url = '/api/photos.php') {
  const { payload, headers: multipart } = photoUpload(await smallJpeg());
  return t.app.inject({ method: 'POST', url, headers: { ...multipart, cookie, ...headers }, payload });
}

describe('origin check of state-changing calls', () => {
  it('refuses a cross-site multipart upload with a translated 403 and stores nothing', async () => {
    const { cookie } = await signup(t);
    const refused = await upload(cookie, { host: 'localhost:3000', origin: 'https://evil.example' }, '/api/photos.php?locale=nl');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('foreign_origin');
    expect(errorOf(refused).message).toBe(
      'Voor je veiligheid accepteren we geen verzoeken vanaf andere websites. Probeer het opnieuw vanaf deze site.',
    );
    expect(await photosOf(cookie)).toEqual([]);
  });

  it('accepts the same upload from the site itself', async () => {
    const { cookie } = await signup(t);
    const own = await upload(cookie, { host: 'localhost:3000', origin: 'http://localhost:3000' });
    expect(own.statusCode, own.body).toBe(201);
    expect(await photosOf(cookie)).toHaveLength(1);
  });

  it("accepts the site's configured origin when a proxy changed the Host, and refuses a sibling site's", async () => {
    const { cookie } = await signup(t);
    // The test app's sites live on https://<domain> (the production default).
    const own = await upload(cookie, { host: '127.0.0.1:3000', origin: 'https://localhost' });
    expect(own.statusCode, own.body).toBe(201);
    const sibling = await upload(cookie, { host: '127.0.0.1:3000', origin: 'https://nl.localhost' });
    expect(errorOf(sibling).code).toBe('foreign_origin');
  });

  it('judges by Referer when Origin is missing, refuses Origin null, lets clients without either pass', async () => {
    const { cookie } = await signup(t);
    expect(errorOf(await upload(cookie, { host: 'localhost', referer: 'https://evil.example/page' })).code).toBe('foreign_origin');
    expect(errorOf(await upload(cookie, { host: 'localhost', origin: 'null' })).code).toBe('foreign_origin');
    expect(errorOf(await upload(cookie, { host: 'localhost', origin: 'not a url' })).code).toBe('foreign_origin');
    expect((await upload(cookie, { host: 'localhost', referer: 'http://localhost/settings' })).statusCode).toBe(201);
    expect((await upload(cookie, { host: 'localhost' })).statusCode).toBe(201);
  });

  it('refuses a cross-site login, PUT and logout; reading stays open to anyone', async () => {
    const { body, cookie } = await signup(t);
    const evil = { host: 'localhost', origin: 'https://evil.example' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: evil,
      payload: { email: body.email, password: body.password },
    });
    expect(errorOf(login).code).toBe('foreign_origin');
    const language = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers: { ...evil, cookie }, payload: { language: 'de' } });
    expect(errorOf(language).code).toBe('foreign_origin');
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout.php', headers: { ...evil, cookie } });
    expect(errorOf(logout).code).toBe('foreign_origin');
    const read = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { ...evil, cookie } });
    expect(read.json().user).toMatchObject({ email: body.email, language: 'en' });
  });
});

describe('logout', () => {
  it('is a POST: a GET (an image tag on any page) no longer ends the session', async () => {
    const { cookie } = await signup(t);
    const get = await t.app.inject({ method: 'GET', url: '/api/logout.php', headers: { cookie } });
    expect(get.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user).not.toBeNull();
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: { cookie, host: 'localhost', origin: 'http://localhost' },
    });
    expect(post.json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user).toBeNull();
  });
});
