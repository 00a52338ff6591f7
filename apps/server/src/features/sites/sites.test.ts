import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCompanyInfo, ZSettings } from '@cupido/shared/contracts/contracts';
import { eq } from 'drizzle-orm';
import { minimumMessageCosts } from '@cupido/shared/rules/prices';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sites } from '../../db/schema';
import { priceSettingsOf } from './price-settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ countryHeader: 'cf-ipcountry' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/settings.php', () => {
  it('answers every settings field of the default site for localhost', async () => {
    const res = await get('/api/settings.php', { host: 'localhost:3000' });
    expect(res.statusCode).toBe(200);
    const settings = ZSettings.strict().parse(res.json());
    expect(settings).toMatchObject({ name: 'Cupido', domain: 'localhost', domain_language: 'en', signups: 'all' });
    expect(settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(settings.fictional_icon).not.toBe('');
  });

  it('derives minimum_message_costs from the price lists (issue 29): the best price of a message per served country, in the currency paid there', async () => {
    const settings = (await get('/api/settings.php?domain=localhost')).json();
    const [site] = await t.database.db.select().from(sites).where(eq(sites.domain, 'localhost'));
    expect(settings.minimum_message_costs).toEqual(minimumMessageCosts(priceSettingsOf(site!), site!.countries));
    // The demo lists: 10 credits a message, the 800-credit package the cheapest per credit.
    expect(settings.minimum_message_costs).toMatchObject({
      GB: { costs: 100, currency: 'GBP' }, // £79.99 / 80 messages, rounded up
      PL: { costs: 475, currency: 'PLN' },
      US: { costs: 125, currency: 'USD' },
      IE: { costs: 113, currency: 'EUR' },
    });
  });

  it('resolves the site from the Host header, and from the forced domain parameter first', async () => {
    expect((await get('/api/settings.php', { host: 'nl.localhost:3000' })).json().name).toBe('Amora');
    expect((await get('/api/settings.php?domain=nl.localhost', { host: 'localhost' })).json().name).toBe('Amora');
    expect((await get('/api/settings.php?domain=NL.LOCALHOST.', { host: 'localhost' })).json().domain).toBe('nl.localhost');
  });

  it('falls back to the default site for unknown or malformed domains', async () => {
    for (const domain of ['unknown.example', '-bad-', 'a'.repeat(250), '<script>', '']) {
      const res = await get(`/api/settings.php?domain=${encodeURIComponent(domain)}`, { host: 'nope.invalid' });
      expect(res.statusCode, domain).toBe(200);
      expect(res.json().domain).toBe('localhost');
    }
  });

  it('gives texts in the requested locale, else the cookie locale, else the domain language', async () => {
    expect((await get('/api/settings.php?domain=nl.localhost')).json().index_title).toMatch(/daten in Nederland/);
    expect((await get('/api/settings.php?domain=nl.localhost&locale=de')).json().index_title).toMatch(/Dating in den Niederlanden/);
    expect((await get('/api/settings.php?domain=nl.localhost', { cookie: 'i18n_redirected=pl' })).json().index_title).toMatch(/randki/);
    // An unsupported locale in the cookie or query is ignored, not an error.
    const res = await get('/api/settings.php?domain=nl.localhost&locale=xx', { cookie: 'i18n_redirected=klingon' });
    expect(res.statusCode).toBe(200);
    expect(res.json().index_title).toMatch(/daten in Nederland/);
  });

  it('detects the country from the trusted proxy header, then Accept-Language, then the site', async () => {
    const proxied = (await get('/api/settings.php', { 'cf-ipcountry': 'de', 'accept-language': 'nl-NL' })).json();
    expect(proxied.geoip_country).toBe('DE');
    expect((await get('/api/settings.php', { 'accept-language': 'fr-CA,fr;q=0.8' })).json().geoip_country).toBe('CA');
    expect((await get('/api/settings.php', { 'cf-ipcountry': 'XX', 'accept-language': 'pl' })).json().geoip_country).toBe('PL');
    expect((await get('/api/settings.php?domain=nl.localhost')).json().geoip_country).toBe('NL');
  });

  it('takes a selected country from the query only when the product knows it', async () => {
    const chosen = (await get('/api/settings.php?country=de', { 'cf-ipcountry': 'NL' })).json();
    expect([chosen.geoip_country, chosen.geoip_selected_country]).toEqual(['NL', 'DE']);
    const unknown = (await get('/api/settings.php?country=ZZ', { 'cf-ipcountry': 'NL' })).json();
    expect(unknown.geoip_selected_country).toBe('NL');
  });

  it('refuses malformed query parameters with a translated 400', async () => {
    const res = await get(`/api/settings.php?locale=${'x'.repeat(50)}&domain=nl.localhost`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining('niet geldig') } });
    const tooLong = await get(`/api/settings.php?domain=${'a'.repeat(300)}`, { cookie: 'i18n_redirected=fr' });
    expect([tooLong.statusCode, tooLong.json().error.message]).toEqual([400, expect.stringContaining('pas valides')]);
  });

  it('keeps one push key across restarts of the app on the same database', async () => {
    const first = (await get('/api/settings.php')).json().push_public_key;
    const { buildApp } = await import('../../app');
    const again = await buildApp({
      database: t.database,
      config: {
        mode: 'test',
        countryHeader: undefined,
        trustProxy: false,
        logLevel: 'silent',
        webDistDir: '/nonexistent',
        dataDir: t.dataDir,
        smtpUrl: undefined,
        redisUrl: undefined,
      },
    });
    const second = (await again.inject({ method: 'GET', url: '/api/settings.php' })).json().push_public_key;
    await again.close();
    expect(second).toBe(first);
  });
});

describe('GET /api/companyinfo.php', () => {
  it('answers the company behind the site', async () => {
    const res = await get('/api/companyinfo.php', { host: 'nl.localhost' });
    expect(res.statusCode).toBe(200);
    const info = ZCompanyInfo.strict().parse(res.json());
    expect(info).toMatchObject({ name: 'Cupido Media B.V.', city: 'Amsterdam', added: '2024-05-01T09:00:00.000Z' });
  });
});

describe('errors and the web app', () => {
  it('answers unknown API calls with a JSON 404 in the member language', async () => {
    const res = await get('/api/does-not-exist.php', { cookie: 'i18n_redirected=de' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Die angeforderte Ressource wurde nicht gefunden.' } });
  });

  it('serves the OpenAPI document and its browsable UI', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/settings.php', '/api/companyinfo.php']));
    expect((await get('/api/docs/')).statusCode).toBe(200);
  });

  it('serves index.html with 200 for screens that exist and 404 for unknown paths', async () => {
    const dist = path.join(t.dataDir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const withWeb = await createTestApp({ webDistDir: dist });
    try {
      const home = await withWeb.app.inject({ url: '/' });
      // The build's index.html, rewritten for the site (plugins/web-app.test.ts checks the shell itself).
      expect([home.statusCode, home.body]).toEqual([200, expect.stringMatching(/^<!doctype html><html lang="en"><title>Cupido/)]);
      expect((await withWeb.app.inject({ url: '/pages/terms?x=1' })).statusCode).toBe(200);
      const missing = await withWeb.app.inject({ url: '/no/such/page' });
      expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
      const asset = await withWeb.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await withWeb.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await withWeb.close();
    }
  });

  it('refuses oversized headers on a real socket without crashing', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/settings.php`, { headers: { 'x-big': 'a'.repeat(64 * 1024) } });
    expect(res.status).toBe(431);
    const after = await fetch(`${address}/api/settings.php`);
    expect(after.status).toBe(200);
  });
});
