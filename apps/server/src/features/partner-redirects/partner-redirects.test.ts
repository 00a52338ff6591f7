import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, partnerRedirects } from '../../db/schema';
import { createAccountsTestApp, errorOf, type AccountsTestApp } from '../../test/accounts-kit';
import { moderationKit } from '../moderation/test/moderation-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof moderationKit>;
let admin: Awaited<ReturnType<ReturnType<typeof moderationKit>['staff']>>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = moderationKit(t);
  admin = await kit.staff('admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });
const redirectFor = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/partner-redirect.php?${query}`, headers });

describe('partner redirects', () => {
  it('has none by default: the public call answers 404', async () => {
    expect((await asAdmin('GET', '/admin/api/sites/1/partner-redirects')).json()).toEqual({
      site_id: 1,
      countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'PL'],
      redirects: [],
    });
    const response = await redirectFor('country=DE&network=n1');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });

  it('sets one per country and a catch-all, in the audit log; the country’s own wins, then *', async () => {
    const star = await asAdmin('PUT', '/admin/api/sites/1/partner-redirects/*', { target_url: 'https://partner.example/join?campaign=7' });
    expect(star.statusCode, star.body).toBe(200);
    expect(star.json()).toMatchObject({ country: '*', target_url: 'https://partner.example/join?campaign=7', enabled: true });
    expect(
      (await asAdmin('PUT', '/admin/api/sites/1/partner-redirects/de', { target_url: ' https://partner.de/start ' })).json(),
    ).toMatchObject({ country: 'DE', target_url: 'https://partner.de/start' });
    const list = (await asAdmin('GET', '/admin/api/sites/1/partner-redirects')).json();
    expect(list.redirects.map((r: { country: string }) => r.country)).toEqual(['*', 'DE']);
    const audit = await db().select().from(auditLog).where(eq(auditLog.itemId, '1:DE'));
    expect(audit).toEqual([
      expect.objectContaining({ staffId: admin.id, action: 'partner_redirect.set', itemType: 'partner_redirect', siteId: 1, before: null }),
    ]);

    expect((await redirectFor('country=DE')).json()).toEqual({ url: 'https://partner.de/start', host: 'partner.de' });
    expect((await redirectFor('country=fr')).json()).toEqual({ url: 'https://partner.example/join?campaign=7', host: 'partner.example' });
    // Without a country the request's own is taken (here from the browser language).
    expect((await redirectFor('', { 'accept-language': 'de-DE' })).json().host).toBe('partner.de');
  });

  it('passes the cleaned tracking on: values cut, malformed ones and the e-mail address dropped, unknown ones ignored', async () => {
    const long = 'x'.repeat(300);
    const query = new URLSearchParams({
      country: 'DE',
      network: 'n1',
      sub1: ' s1 ',
      sub2: 'bad\u0007value',
      ref: long,
      email: 'eva@example.com',
      foo: 'bar',
      aff_sub: 'click-9',
    });
    const response = await redirectFor(query.toString());
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ network: 'n1', sub1: 's1', ref: 'x'.repeat(200), aff_sub: 'click-9' });
    // The visitor's source replaces an operator's parameter of the same name; the operator's others stay.
    const star = new URL((await redirectFor('country=FR&campaign=1&network=n2')).json().url);
    expect(Object.fromEntries(star.searchParams)).toEqual({ campaign: '7', network: 'n2' });
    // A repeated parameter counts once.
    expect(new URL((await redirectFor('country=DE&network=a&network=b')).json().url).searchParams.getAll('network')).toEqual(['a']);
  });

  it('refuses a bad country on the public call in the visitor’s language', async () => {
    for (const country of ['D', 'DEU', '12', '*']) {
      const response = await redirectFor(`country=${encodeURIComponent(country)}&locale=nl`);
      expect(response.statusCode, country).toBe(400);
      expect(errorOf(response).code).toBe('unknown_country');
    }
  });

  it('refuses non-https addresses and bad countries in the back office, and saves nothing', async () => {
    const before = await db().$count(partnerRedirects);
    const cases: [string, Record<string, unknown>, string][] = [
      ['NL', { target_url: 'http://partner.nl/' }, 'url_not_https'],
      ['NL', { target_url: 'ftp://partner.nl/' }, 'url_not_https'],
      ['NL', { target_url: 'https://a:b@partner.nl/' }, 'url_not_https'],
      ['NL', { target_url: '' }, 'url_required'],
      ['NLD', { target_url: 'https://partner.nl/' }, 'invalid_country'],
      ['N1', { target_url: 'https://partner.nl/' }, 'invalid_country'],
      ['%2A%2A', { target_url: 'https://partner.nl/' }, 'invalid_country'],
    ];
    for (const [country, body, code] of cases) {
      const response = await asAdmin('PUT', `/admin/api/sites/1/partner-redirects/${country}`, body);
      expect(response.statusCode, `${country} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(response).code).toBe(code);
    }
    expect((await asAdmin('PUT', '/admin/api/sites/999999/partner-redirects/NL', { target_url: 'https://partner.nl/' })).statusCode).toBe(
      404,
    );
    expect(await db().$count(partnerRedirects)).toBe(before);
  });

  it('disables and deletes one, in the audit log; a disabled one falls back to *', async () => {
    await asAdmin('PUT', '/admin/api/sites/1/partner-redirects/DE', { target_url: 'https://partner.de/start', enabled: false });
    expect((await redirectFor('country=DE')).json().host).toBe('partner.example');
    const deleted = await asAdmin('DELETE', '/admin/api/sites/1/partner-redirects/*');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await redirectFor('country=DE')).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/admin/api/sites/1/partner-redirects/*')).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.itemId, '1:*'));
    expect(audit.map((entry) => entry.action)).toEqual(['partner_redirect.set', 'partner_redirect.delete']);
  });

  it('is for staff who edit sites only', async () => {
    const operator = await kit.staff('operator');
    const as = (method: 'GET' | 'PUT' | 'DELETE', cookies?: Record<string, string>) =>
      t.app.inject({
        method,
        url: '/admin/api/sites/1/partner-redirects' + (method === 'GET' ? '' : '/NL'),
        ...(cookies ? { cookies } : {}),
        ...(method === 'PUT' ? { payload: { target_url: 'https://partner.nl/' } } : {}),
      });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await as(method, operator.cookies)).statusCode, method).toBe(403);
      expect((await as(method)).statusCode, method).toBe(401);
    }
  });
});
