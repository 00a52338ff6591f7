import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../../../web/scripts/compress-assets';
import { createTestApp, type TestApp } from '../test/test-app';
import { LOCALE_COOKIE } from '@cupido/shared/rules/locales';
import { renderShell } from './web-shell';

// A small stand-in for apps/web/dist, compressed by the build's own script.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#d6336c" />
    <title>Cupido</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
// Big enough for the build's .br/.gz copies: the worker must be revalidated in every encoding.
const SW_JS = `self.addEventListener('fetch', () => {});\n`.repeat(40);
const APP_JS = Array.from({ length: 200 }, (_, i) => `export const value${i} = 'text number ${i}';`).join('\n');

describe('web app: compressed assets, source maps, per-site shell', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'admin.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), APP_JS);
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), JSON.stringify({ version: 3, mappings: 'A'.repeat(2000) }));
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'sw-push.js'), SW_JS);
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n'.repeat(100));
    await compressDist(dist);
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the back office page for every path under /admin, never cached nor indexed, and a JSON 404 for unknown staff calls', async () => {
    for (const url of ['/admin', '/admin/photos', '/admin/members/12']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Back office</title>');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    const api = await t.app.inject({ url: '/admin/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect((await t.app.inject({ url: '/admin.html' })).body).not.toContain('<title>Back office</title>');
  });

  it("a production staging site on the sandbox (PAYMENT_SANDBOX=1) says TEST on every page, in the page's language; other servers do not (decision 035)", async () => {
    const staging = await createTestApp({
      webDistDir: dist,
      mode: 'production',
      payments: { provider: 'sandbox' },
      paymentSandboxAllowed: true,
    });
    const demo = await createTestApp({ webDistDir: dist, mode: 'demo', payments: { provider: 'sandbox' } });
    try {
      for (const url of ['/', '/search', '/no-such-page']) {
        const page = await staging.app.inject({ url });
        expect(page.body, url).toMatch(
          /<body><div id="test-site-banner" role="note"[^>]*><strong>TEST<\/strong> · Test site: payments are simulated and nothing is charged\.<\/div><div id="root">/,
        );
      }
      const dutch = await staging.app.inject({ url: '/', headers: { cookie: `${LOCALE_COOKIE}=nl` } });
      expect(dutch.body).toContain('Testsite: betalingen worden gesimuleerd');
      expect((await staging.app.inject({ url: '/admin' })).body).toContain('<strong>TEST</strong>');
      for (const app of [demo, t]) {
        expect((await app.app.inject({ url: '/' })).body).not.toContain('test-site-banner');
        expect((await app.app.inject({ url: '/admin' })).body).not.toContain('test-site-banner');
      }
    } finally {
      await Promise.all([staging.close(), demo.close()]);
    }
  });

  it('the compress script writes .br and .gz beside text files above 1 KB only', () => {
    expect(fs.existsSync(path.join(dist, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'assets', 'app-abc123.js.map.br'))).toBe(false);
  });

  const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b };
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    it(`serves a hashed asset with Accept-Encoding: ${encoding}`, async () => {
      const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(decode[encoding](res.rawPayload).toString()).toBe(APP_JS);
    });
  }

  it('prefers brotli, honours q=0 and sends small files as they are, non-asset files with a short cache', async () => {
    const both = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const noBr = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    const tiny = await t.app.inject({ url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect([tiny.headers['content-encoding'], tiny.body]).toEqual([undefined, 'console.log(1)']);
    const robots = await t.app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'gzip' } });
    expect([robots.headers['content-encoding'], robots.headers['cache-control']]).toEqual(['gzip', 'public, max-age=300']);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('never serves source maps or the compressed files by their own names', async () => {
    for (const url of [
      '/assets/app-abc123.js.map',
      '/assets/missing.js.map',
      '/pages/terms.map',
      '/assets/app-abc123.js.br',
      '/assets/app-abc123.js.gz',
    ]) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'application/json; charset=utf-8']);
    }
  });

  it('builds bundles with hidden source maps: emitted for debugging, no sourceMappingURL comment', async () => {
    const { default: viteConfig } = await import('../../../web/vite.config');
    const build = viteConfig({ command: 'build', mode: 'production' });
    expect((build as { build?: { sourcemap?: unknown } }).build?.sourcemap).toBe('hidden');
  });

  it('compresses API JSON above the threshold, not small answers', async () => {
    const big = await t.app.inject({ url: '/api/settings.php', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    const settings = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(settings.name).toBe('Cupido');
    const gzip = await t.app.inject({ url: '/api/settings.php', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).name).toBe('Cupido');
    const plain = await t.app.inject({ url: '/api/settings.php' });
    expect([plain.headers['content-encoding'], plain.json().name]).toEqual([undefined, 'Cupido']);
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect([small.headers['content-encoding'], small.json()]).toEqual([undefined, { ok: true }]);
  });

  it('sends index.html per site: lang, title, description, theme colour, icons and manifest', async () => {
    const en = await t.app.inject({ url: '/', headers: { host: 'localhost:3000' } });
    expect([en.statusCode, en.headers['content-type'], en.headers['cache-control']]).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<title>Cupido – dating and chat for adults</title>');
    expect(en.body).toContain('<meta name="description" content="Meet singles near you');
    expect(en.body).toContain('<meta name="theme-color" content="#d63384">');
    expect(en.body).not.toContain('#d6336c');
    expect(en.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(en.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(en.body).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(en.body).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');

    const nl = await t.app.inject({ url: '/members', headers: { host: 'nl.localhost', 'accept-encoding': 'br' } });
    expect([nl.statusCode, nl.headers['content-encoding']]).toEqual([200, 'br']);
    const nlHtml = brotliDecompressSync(nl.rawPayload).toString();
    expect(nlHtml).toContain('<html lang="nl">');
    expect(nlHtml).toContain('<title>Amora – daten in Nederland en België</title>');
    expect(nlHtml).toContain('<meta name="theme-color" content="#c2410c">');

    // The chosen language (cookie) wins over the domain's.
    const de = await t.app.inject({ url: '/', headers: { host: 'nl.localhost', cookie: 'i18n_redirected=de' } });
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('<title>Amora – Dating in den Niederlanden und Belgien</title>');

    const missing = await t.app.inject({ url: '/no/such/page', headers: { host: 'nl.localhost', 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(gunzipSync(missing.rawPayload).toString()).toContain('<html lang="nl">');

    const again = await t.app.inject({ url: '/', headers: { host: 'localhost', 'if-none-match': en.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves each site its manifest, favicon and PNG icons', async () => {
    const manifest = await t.app.inject({ url: '/manifest.webmanifest', headers: { host: 'nl.localhost' } });
    expect([manifest.statusCode, manifest.headers['content-type']]).toEqual([200, 'application/manifest+json; charset=utf-8']);
    expect(manifest.json()).toMatchObject({
      name: 'Amora',
      short_name: 'Amora',
      start_url: '/members',
      display: 'standalone',
      theme_color: '#c2410c',
      background_color: '#ffffff',
      lang: 'nl',
      icons: expect.arrayContaining([
        expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }),
      ]),
    });

    const favicon = await t.app.inject({ url: '/favicon.svg', headers: { host: 'nl.localhost' } });
    expect([favicon.statusCode, favicon.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(favicon.body).toContain('fill="#c2410c"');
    expect(favicon.body).toContain('>A</text>');

    const sharp = (await import('sharp')).default;
    for (const [url, size] of [
      ['/icons/icon-192.png', 192],
      ['/icons/icon-512.png', 512],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      const res = await t.app.inject({ url, headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
      expect([url, res.statusCode, res.headers['content-type'], res.headers['content-encoding']]).toEqual([
        url,
        200,
        'image/png',
        undefined,
      ]);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    // Same-origin icons and manifest are allowed by the Content-Security-Policy.
    expect(manifest.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the service worker at the site root: JavaScript, revalidated on every check, allowed by the CSP (decision 041)', async () => {
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const res = await t.app.inject({ url: '/sw-push.js?v=2', headers: { 'accept-encoding': encoding } });
      expect([encoding, res.statusCode, res.headers['cache-control']]).toEqual([encoding, 200, 'no-cache']);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(decode[encoding](res.rawPayload).toString()).toBe(SW_JS);
      // Same origin at the root: script-src 'self' (which worker-src falls back to) allows it, its scope is '/' without Service-Worker-Allowed.
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('worker-src');
    }
  });

  it("serves the offline page per site, in the request's language, with the seven languages for its script", async () => {
    const nl = await t.app.inject({ url: '/offline.html', headers: { host: 'nl.localhost' } });
    expect([nl.statusCode, nl.headers['content-type'], nl.headers['cache-control']]).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
    expect(nl.body).toContain('<html lang="nl">');
    expect(nl.body).toContain('<p class="site">Amora</p>');
    expect(nl.body).toContain('<h1 id="offline-title">Je bent offline</h1>');
    expect(nl.body).toContain('<button type="button" id="offline-retry">Opnieuw proberen</button>');
    expect(nl.body).toContain('<script src="/offline.js"></script>');
    const data = JSON.parse(/<script type="application\/json" id="offline-texts">(.*?)<\/script>/s.exec(nl.body)![1]!);
    expect(Object.keys(data.texts)).toEqual(['en', 'nl', 'de', 'it', 'fr', 'es', 'pl']);
    expect(data.texts.pl.retry).toBe('Spróbuj ponownie');
    expect(data.texts.de.text).toContain('Amora braucht eine Internetverbindung');
    // No inline script runs: the CSP would refuse it.
    expect(nl.body).not.toMatch(/<script>/);

    const german = await t.app.inject({ url: '/offline.html', headers: { host: 'localhost', cookie: `${LOCALE_COOKIE}=de` } });
    expect(german.body).toContain('<h1 id="offline-title">Du bist offline</h1>');
    const script = await t.app.inject({ url: '/offline.js' });
    expect([script.statusCode, script.headers['content-type'], script.headers['cache-control']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'no-cache',
    ]);
    expect(script.body).toContain(`${LOCALE_COOKIE}=`);
  });

  it("puts settings.php's answer for this visit in the page, as data the app reads before any call (decision 045)", async () => {
    const blockOf = (html: string) => {
      const match = /<script type="application\/json" id="boot-settings" data-locale="([a-z]{2})">([\s\S]*?)<\/script>/.exec(html);
      return match ? { locale: match[1], settings: JSON.parse(match[2]!) } : null;
    };
    // The same answer the app's first call would get: the host's site, the cookie's locale, the visitor's country, the page's `country`.
    const cases: { url: string; headers: Record<string, string>; call: string }[] = [
      { url: '/members', headers: { host: 'localhost' }, call: '/api/settings.php?domain=localhost' },
      {
        url: '/credits',
        headers: { host: 'nl.localhost', 'accept-language': 'pl-PL,pl;q=0.9' },
        call: '/api/settings.php?domain=nl.localhost',
      },
      {
        url: '/',
        headers: { host: 'nl.localhost', cookie: `${LOCALE_COOKIE}=de` },
        call: '/api/settings.php?domain=nl.localhost&locale=de',
      },
      {
        url: '/signup?country=BE&network=x',
        headers: { host: 'nl.localhost' },
        call: '/api/settings.php?domain=nl.localhost&country=BE&network=x',
      },
      { url: '/no/such/page', headers: { host: 'localhost', 'accept-language': 'en-GB' }, call: '/api/settings.php?domain=localhost' },
    ];
    for (const { url, headers, call } of cases) {
      const page = await t.app.inject({ url, headers });
      const block = blockOf(page.body);
      expect(block, url).not.toBeNull();
      const answer = await t.app.inject({ url: call, headers });
      expect(block!.settings, url).toEqual(answer.json());
      expect(block!.locale, url).toBe(page.body.match(/<html lang="([a-z]{2})">/)![1]);
    }
    expect(blockOf((await t.app.inject({ url: '/', headers: { host: 'nl.localhost' } })).body)!.settings.domain_language).toBe('nl');
    // The country changes the prices in it, so caches keep pages apart by it.
    expect((await t.app.inject({ url: '/', headers: { host: 'localhost' } })).headers.vary).toBe(
      'Accept-Encoding, Cookie, Accept-Language',
    );
    // A page opened for another site than its host (?domain=): the app asks for its settings itself.
    expect(blockOf((await t.app.inject({ url: '/?domain=nl.localhost', headers: { host: 'localhost' } })).body)).toBeNull();
  });

  it("tells the app to draw a member's frame when the browser holds a session cookie, and keeps the two pages apart", async () => {
    const member = await t.app.inject({ url: '/members', headers: { host: 'localhost', cookie: 'auth.session=anything' } });
    const visitor = await t.app.inject({ url: '/members', headers: { host: 'localhost' } });
    expect(member.body).toContain('<meta name="member-expected" content="1">');
    expect(visitor.body).not.toContain('member-expected');
    expect(member.headers.etag).not.toBe(visitor.headers.etag);
    expect(member.headers.vary).toContain('Cookie');
  });

  it('writes the settings so that no text in them can end the data block', () => {
    const html = renderShell(
      INDEX,
      { lang: 'en', title: 'T', description: '', themeColor: '#abc' },
      JSON.stringify({ name: '</script><script>alert(1)</script>' }),
    );
    expect(html).not.toContain('</script><script>alert(1)');
    const block = /<script type="application\/json" id="boot-settings" data-locale="en">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it("escapes every value written into the shell and replaces, not duplicates, the build's tags", () => {
    const html = renderShell(INDEX, {
      lang: 'en',
      title: 'A & B </title><script>x()</script>',
      description: '"quoted" <b>$&</b>',
      themeColor: '#abc',
    });
    expect(html).toContain('<title>A &amp; B &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;</title>');
    expect(html).toContain('<meta name="description" content="&quot;quoted&quot; &lt;b&gt;$&amp;&lt;/b&gt;">');
    expect(html).not.toContain('<script>x()');
    expect(html.match(/name="theme-color"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
