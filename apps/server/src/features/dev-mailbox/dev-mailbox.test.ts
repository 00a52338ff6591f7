import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { decodeWords, parseEml } from './eml';

/** A mail the way the file mailer writes it, through the real signup. */
async function signupMail(t: TestApp, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: {
      email,
      name: 'Sanne',
      password: 'correct horse battery',
      date_of_birth: '1990-05-17',
      gender: 'female',
      looking_for: 'both',
      consent_terms: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('GET /dev/mailbox', () => {
  let local: TestApp;
  let withSmtp: TestApp;
  let production: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    // What loadConfig gives a loopback demo without SMTP: links on http://<domain>:PORT (decision 022).
    local = await createTestApp({ mode: 'demo', publicOrigin: { scheme: 'http', port: 3000 } });
    withSmtp = await createTestApp({ mode: 'demo', smtpUrl: 'smtp://127.0.0.1:1' });
    production = await createTestApp({ mode: 'production' });
    // The outside test's finding: a demo behind a trusted proxy on the same machine (decision 035).
    behindProxy = await createTestApp({ mode: 'demo', trustProxy: 1 });
  });
  afterAll(async () => {
    await Promise.all([local.close(), withSmtp.close(), production.close(), behindProxy.close()]);
  });

  it('lists the written mails newest first with their links as anchors, everything escaped', async () => {
    expect((await local.app.inject({ url: '/dev/mailbox' })).body).toContain('No mails yet.');
    await signupMail(local, 'first@example.com');
    await signupMail(local, 'second@example.com');
    // A hand-made mail whose subject tries to inject markup.
    const dir = path.join(local.dataDir, 'mail');
    fs.writeFileSync(
      path.join(dir, '2099-01-01T00-00-00.000Z-evil@example.com.eml'),
      'To: <evil@example.com>\r\nSubject: <script>alert(1)</script>\r\nDate: Thu, 01 Jan 2099 00:00:00 +0000\r\nContent-Type: text/plain\r\n\r\nhttps://localhost/x?a=1&b=2"onmouseover="x\r\n',
    );
    const page = await local.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.body;
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('href="https://localhost/x?a=1&amp;b=2"');
    expect(body).not.toContain('onmouseover');
    const order = ['evil@example.com', 'second@example.com', 'first@example.com'].map((to) => body.indexOf(to));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toMatch(/<a href="http:\/\/localhost(:\d+)?\/api\/activate\.php\?token=[\w-]+">/);
    expect(body).toContain('Confirm your e-mail address for Cupido');
  });

  it("shows a notification mail's one-click unsubscribe headers (issue 30)", async () => {
    const dir = path.join(local.dataDir, 'mail');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, '2099-01-02T00-00-00.000Z-anna@example.com.eml'),
      [
        'To: <anna@example.com>',
        'Subject: Bo sent you a message',
        'Date: Fri, 02 Jan 2099 00:00:00 +0000',
        'List-Unsubscribe: <http://localhost:3000/api/unsubscribe.php?token=7-new_messages-1-x>',
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        'Content-Type: text/plain',
        '',
        'http://localhost:3000/chats/1',
        '',
      ].join('\r\n'),
    );
    const body = (await local.app.inject({ url: '/dev/mailbox' })).body;
    expect(body).toContain(
      'List-Unsubscribe: &lt;http://localhost:3000/api/unsubscribe.php?token=7-new_messages-1-x&gt; · List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });

  it('is not served with SMTP_URL set or by a production server, even to this machine', async () => {
    for (const t of [withSmtp, production]) {
      const response = await t.app.inject({ url: '/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Dev mailbox');
    }
  });

  it('on a demo, answers only a browser on this machine: not a remote client, nor anyone a proxy relays', async () => {
    expect((await behindProxy.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200);
    const refused = [
      // A client elsewhere, straight to the socket.
      { remoteAddress: '203.0.113.9', headers: {} },
      // Through the trusted proxy on this machine: the client address is the visitor's.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      // A proxy that says the visitor is local is still a proxy: its visitors are not this machine's browser.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=198.51.100.4' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '198.51.100.4' } },
    ];
    for (const { remoteAddress, headers } of refused) {
      const response = await behindProxy.app.inject({ url: '/dev/mailbox', remoteAddress, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.body).not.toContain('Dev mailbox');
    }
    // The same requests on a demo without a trusted proxy: the forwarding header alone refuses them.
    const forwarded = await local.app.inject({ url: '/dev/mailbox', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.statusCode).toBe(404);
  });
});

describe('parseEml', () => {
  it('decodes folded encoded-word subjects and quoted-printable text with soft line breaks', () => {
    const raw = [
      'To: sanne@example.com',
      'Subject: =?UTF-8?Q?Bevestig_je_adres_voor_Am?=',
      ' =?UTF-8?Q?=C3=B6ra?=',
      'Date: Mon, 23 Nov 2026 13:31:57 +0000',
      'Content-Type: multipart/alternative;',
      ' boundary="--_b"',
      '',
      '----_b',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hallo =C3=B6',
      'https://nl.localhost/api/activate.php?token=3Dabc_123-XYZ&lang=',
      '=3Dnl',
      '',
      '----_b--',
    ].join('\r\n');
    expect(parseEml(raw)).toEqual({
      to: 'sanne@example.com',
      subject: 'Bevestig je adres voor Amöra',
      date: new Date('2026-11-23T13:31:57Z'),
      links: ['https://nl.localhost/api/activate.php?token=abc_123-XYZ&lang=nl'],
      listUnsubscribe: null,
    });
    expect(decodeWords('=?UTF-8?B?w7Zr?=')).toBe('ök');
  });
});
