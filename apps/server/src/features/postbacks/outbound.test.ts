/** The one way out to a network (outbound.ts): time limit, the start of the answer, and no private address at connect time. */
import dns from 'node:dns';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateHost } from '@cupido/shared/rules/postbacks';
import { callPostbackUrl, resolvesToPrivateAddress } from './outbound';
import { startPostbackDouble, type PostbackDouble } from './test/postbacks-test-kit';

let double: PostbackDouble;
beforeAll(async () => {
  double = await startPostbackDouble();
});
afterAll(() => double?.close());

// This machine's own name resolves to one of its own addresses: the very thing a template must not reach.
const ownName = os.hostname();
const ownNameIsPrivate = await dns.promises.lookup(ownName, { all: true }).then(
  (addresses) => addresses.length > 0 && addresses.every((a) => isPrivateHost(a.address)),
  () => false,
);

describe('callPostbackUrl', () => {
  it('calls the local double only when allowed, and keeps the first 500 characters of the answer', async () => {
    double.answerNext(500);
    const answer = await callPostbackUrl(`${double.origin}/pb?e=signup`, {
      allowLoopbackDouble: true,
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toHaveLength(500);
    expect(
      await callPostbackUrl(`${double.origin}/pb?e=signup`, {
        allowLoopbackDouble: true,
      }),
    ).toEqual({ status: 200, body: 'OK' });
    const calls = double.calls.length;
    expect(
      await callPostbackUrl(`${double.origin}/pb`, {
        allowLoopbackDouble: false,
      }),
    ).toEqual({ status: null, body: 'Not sent: the URL is not https.' });
    expect(
      await callPostbackUrl('https://127.0.0.1:1/pb', {
        allowLoopbackDouble: true,
      }),
    ).toEqual({
      status: null,
      body: 'Not sent: the host is a private address.',
    });
    expect(double.calls.length).toBe(calls);
  });

  it('gives up after the time limit', async () => {
    const net = await import('node:net');
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const { port } = silent.address() as { port: number };
    const answer = await callPostbackUrl(`http://127.0.0.1:${port}/pb`, {
      allowLoopbackDouble: true,
      timeoutMs: 300,
    });
    expect(answer).toEqual({ status: null, body: 'No answer within 0.3 s.' });
    silent.close();
  });

  it.runIf(ownNameIsPrivate)('refuses at connect time a name that resolves to a private address', async () => {
    expect(await resolvesToPrivateAddress(ownName)).toBe(true);
    const answer = await callPostbackUrl(`https://${ownName}/pb`, {
      allowLoopbackDouble: false,
    });
    expect(answer.status).toBeNull();
    expect(answer.body).toContain('EPRIVATE');
  });
});
