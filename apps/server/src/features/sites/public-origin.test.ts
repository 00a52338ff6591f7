/**
 * Links in mails are built from the site's configured origin only (decision 022): a forged Host,
 * port or X-Forwarded-Proto/-Host cannot move them to another address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAccountsTestApp, signupBody, type AccountsTestApp } from '../../test/accounts-kit';
import { siteOrigin } from './public-origin';

describe('siteOrigin', () => {
  it('is the scheme, the domain and a non-standard port', () => {
    expect(siteOrigin('cupido.example', { scheme: 'https', port: undefined })).toBe('https://cupido.example');
    expect(siteOrigin('cupido.example', { scheme: 'https', port: 443 })).toBe('https://cupido.example');
    expect(siteOrigin('nl.localhost', { scheme: 'http', port: 3000 })).toBe('http://nl.localhost:3000');
    expect(siteOrigin('nl.localhost', { scheme: 'http', port: 80 })).toBe('http://nl.localhost');
  });

  it('defaults to https, and to http on PORT for a laptop demo (no SMTP, loopback HOST)', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).publicOrigin).toEqual({ scheme: 'https', port: undefined });
    expect(loadConfig({ HOST: '0.0.0.0' }).publicOrigin).toEqual({ scheme: 'https', port: undefined });
    expect(loadConfig({ PORT: '3111' }).publicOrigin).toEqual({ scheme: 'http', port: 3111 });
    expect(loadConfig({ PORT: '3111', PUBLIC_SCHEME: 'https' }).publicOrigin).toEqual({ scheme: 'https', port: undefined });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587', PUBLIC_SCHEME: 'http', PUBLIC_PORT: '8080' }).publicOrigin).toEqual({
      scheme: 'http',
      port: 8080,
    });
    expect(() => loadConfig({ PUBLIC_SCHEME: 'ftp' })).toThrow(/PUBLIC_SCHEME/);
  });
});

describe.each([
  { name: 'the production default', publicOrigin: undefined, expected: { localhost: 'https://localhost', nl: 'https://nl.localhost' } },
  {
    name: 'a development origin',
    publicOrigin: { scheme: 'http' as const, port: 3111 },
    expected: { localhost: 'http://localhost:3111', nl: 'http://nl.localhost:3111' },
  },
])('mail links with $name', ({ publicOrigin, expected }) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    // One trusted proxy hop, so the forged X-Forwarded-* headers would be believed if links used them.
    t = await createAccountsTestApp(undefined, { trustProxy: 1, ...(publicOrigin ? { publicOrigin } : {}) });
  });
  afterAll(() => t.close());

  async function activationLink(domain: string, headers: Record<string, string>): Promise<string> {
    const body = signupBody();
    const response = await t.app.inject({ method: 'POST', url: `/api/signup.php?domain=${domain}`, payload: body, headers });
    expect(response.statusCode, response.body).toBe(201);
    return (await t.smtp.waitForMail(body.email)).links[0]!;
  }

  it('ignore a forged Host port, X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const forged = { host: 'localhost:8443', 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.60' };
    expect(await activationLink('localhost', forged)).toMatch(new RegExp(`^${expected.localhost}/api/activate\\.php\\?token=`));
    const forwardedHost = {
      host: 'localhost',
      'x-forwarded-host': 'evil.example:8080',
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '203.0.113.61',
    };
    expect(await activationLink('localhost', forwardedHost)).toMatch(new RegExp(`^${expected.localhost}/api/activate\\.php\\?token=`));
  });

  it("point at the member's own site", async () => {
    const link = await activationLink('nl.localhost', { host: 'nl.localhost:9999', 'x-forwarded-for': '203.0.113.62' });
    expect(link).toMatch(new RegExp(`^${expected.nl}/api/activate\\.php\\?token=`));
  });
});
