/**
 * Every response of the real app carries the security headers (plugins/security-headers.ts): the
 * API's answers, its errors, the web app's pages and unknown paths; HSTS only behind a proxy.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** The policy as browsers get it: helmet's defaults with the app's own directives. */
const POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:";

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function open(trustProxy: false | number) {
  const t = await createTestApp({ trustProxy });
  opened.push(t);
  return t;
}

const requests = [
  { method: 'GET' as const, url: '/api/health', status: 200 },
  { method: 'GET' as const, url: '/', status: 200 },
  { method: 'GET' as const, url: '/api/no-such-call.php', status: 404 },
  // A refused body: the error answer carries them too.
  { method: 'POST' as const, url: '/api/signup.php', status: 400, payload: { email: 'not an address' } },
];

describe('security headers', () => {
  it('are on every answer, with the app policy and without HSTS on a plain-HTTP deployment', async () => {
    const t = await open(false);
    for (const { status, ...request } of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(status);
      expect(response.headers['content-security-policy'], request.url).toBe(POLICY);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      // helmet's Cross-Origin-Embedder-Policy stays off, as it always was here.
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('add HSTS when a proxy in front terminates TLS', async () => {
    const t = await open(1);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toBe(POLICY);
  });
});
