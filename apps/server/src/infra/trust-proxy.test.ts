/**
 * TRUST_PROXY (decision 022): the client address is the one our nearest proxies saw, never an
 * entry the client wrote into X-Forwarded-For itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PER_IP_PER_HOUR } from '@cupido/shared/rules/accounts';
import { loadConfig } from '../config';
import { createAccountsTestApp, errorOf, signupBody, type AccountsTestApp } from '../test/accounts-kit';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('reads 0, a number of hops, or proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else at start', () => {
    for (const value of ['true', 'yes', '-1', '10.0.0.0/33', '10.0.0.300', 'proxy.example', '10.0.0.1/8/1', '99']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/Invalid environment: TRUST_PROXY/);
    }
  });
});

describe.each([
  { name: 'one proxy hop', trustProxy: 1 as const },
  { name: 'the proxy address', trustProxy: ['10.9.9.9'] },
])('client address behind $name', ({ trustProxy }) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(undefined, { trustProxy });
  });
  afterAll(() => t.close());

  /** A signup relayed by our proxy (10.9.9.9) for `client`, with whatever the client put in front. */
  const signupVia = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: signupBody(),
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the signup limit on the address the proxy saw, whatever the client wrote to the left', async () => {
    for (let i = 0; i < SIGNUPS_PER_IP_PER_HOUR; i++) {
      const response = await signupVia(`198.18.${i}.1, 203.0.113.50`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const spoofed = await signupVia('198.18.200.1, 203.0.113.50');
    expect(spoofed.statusCode).toBe(429);
    expect(errorOf(spoofed).code).toBe('too_many_signups');
    // Another client behind the same proxy has its own count.
    expect((await signupVia('203.0.113.51')).statusCode).toBe(201);
  }, 60_000);
});

describe('client address with TRUST_PROXY=0', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For entirely', async () => {
    const remoteAddress = '192.0.2.99';
    for (let i = 0; i < SIGNUPS_PER_IP_PER_HOUR; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload: signupBody(),
        remoteAddress,
        headers: { 'x-forwarded-for': `198.18.${i}.1` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: signupBody(),
      remoteAddress,
      headers: { 'x-forwarded-for': '198.18.99.1' },
    });
    expect(errorOf(next).code).toBe('too_many_signups');
  }, 60_000);
});
