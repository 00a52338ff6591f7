/**
 * The direct debit code through a configured SMS gateway (SMS_GATEWAY_URL): a local fake of a
 * Twilio-compatible API. A refused message leaves no code behind (502 direct_debit_sms_failed);
 * an accepted one carries the code the member then confirms.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directDebitRequests, users } from '../../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../../test/accounts-kit';

const SID = 'AC00000000000000000000000000000001';
let server: http.Server;
const received: Record<string, string>[] = [];
let refuse = false;
let t: AccountsTestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const ok = req.url === `/2010-04-01/Accounts/${SID}/Messages.json` && !refuse;
      if (ok) received.push(Object.fromEntries(new URLSearchParams(raw)));
      res.writeHead(ok ? 201 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { sid: `SM${received.length}` } : { code: 21211, message: 'Invalid To number' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createAccountsTestApp(undefined, { sms: { url, accountSid: SID, authToken: 'token', from: 'Cupido' } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('direct debit code through the SMS gateway', () => {
  it('a refused SMS leaves no code; an accepted one carries the code that confirms the payment', async () => {
    const m = await activeMember(t);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, m.body.email));
    const body = {
      package_id: 'p0',
      country: 'IE',
      account_holder: 'Sanne de Vries',
      iban: 'IE29AIBK93115212345678',
      street: 'Main Street',
      house_number: '12',
      zip: 'D02 X285',
      city: 'Dublin',
      phone: '085 123 4567',
      authorization: true,
      withdrawal_consent: true,
      idempotency_key: `gateway-${process.pid}-1`,
    };
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/directdebit.php?domain=localhost', headers: { cookie: m.cookie }, payload });

    refuse = true;
    const refused = await post(body);
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused)).toMatchObject({ code: 'direct_debit_sms_failed', field: 'phone' });
    expect(await t.database.db.select().from(directDebitRequests).where(eq(directDebitRequests.userId, user!.id))).toHaveLength(0);

    refuse = false;
    t.clock.advance(31_000);
    const sent = await post(body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ To: '+353851234567', From: 'Cupido' });
    const code = /Your Cupido code: (\d{6})$/.exec(received[0]!.Body!)?.[1];
    expect(code).toBeDefined();

    const confirmed = await post({ ...body, otp: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().payment_id).toBeGreaterThan(0);
  });
});
