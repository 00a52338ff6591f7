/**
 * The whole app on PAY. (PAYMENT_PROVIDER=paynl) against a local fake of PAY.'s APIs: a card
 * payment through PAY.'s checkout settled by its exchange call (form and JSON shapes, answered
 * "TRUE|"), and a direct debit confirmed by the SMS code sent as option 137.
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directDebitRequests } from '../../../db/schema';
import { parseSmsFile } from '../../../infra/sms';
import {
  createPaymentsTestApp,
  eventsProcessed,
  member,
  newKey,
  pay,
  paymentBody,
  paymentRow,
  purchaseEntries,
  userRow,
  waitFor,
  type PaymentsTestApp,
} from '../test/payments-test-kit';

const TOKEN_CODE = 'AT-0000-0001';
const API_TOKEN = 'c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff';
const SERVICE_ID = 'SL-0000-0002';

interface FakeOrder {
  id: string;
  orderId: string;
  reference: string;
  amount: { value: number; currency: string };
  status: { code: number; action: string };
  body: Record<string, unknown>;
}

const orders = new Map<string, FakeOrder>();
let server: http.Server;
let baseUrl: string;
let t: PaymentsTestApp;

beforeAll(async () => {
  let next = 0;
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Basic ${Buffer.from(`${TOKEN_CODE}:${API_TOKEN}`).toString('base64')}`)
        return send(401, { code: 'PAY-401', title: 'Unauthorized' });
      const view = (o: FakeOrder) => ({
        id: o.id,
        orderId: o.orderId,
        reference: o.reference,
        amount: o.amount,
        status: o.status,
        links: { redirect: `https://checkout.example.test/${o.orderId}` },
      });
      if (req.method === 'POST' && req.url === '/v1/orders') {
        const body = JSON.parse(raw) as { amount: FakeOrder['amount']; reference: string };
        next += 1;
        const order: FakeOrder = {
          id: `uuid-${next}`,
          orderId: `5100000000${next}X0a1b`,
          reference: body.reference,
          amount: body.amount,
          status: { code: 20, action: 'PENDING' },
          body: JSON.parse(raw),
        };
        orders.set(order.orderId, order);
        return send(201, view(order));
      }
      const status = /^\/v1\/orders\/([^/]+)\/status$/.exec(req.url ?? '');
      if (req.method === 'GET' && status && orders.has(status[1]!)) return send(200, view(orders.get(status[1]!)!));
      send(404, { code: 'PAY-404', title: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createPaymentsTestApp({
    payments: { provider: 'paynl', paynl: { apiUrl: baseUrl, tokenCode: TOKEN_CODE, apiToken: API_TOKEN, serviceId: SERVICE_ID } },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const orderOf = (paymentId: number) => [...orders.values()].find((o) => o.reference === `P${paymentId}`)!;

describe('the app on PAY.', () => {
  it("a card payment goes through PAY.'s checkout and is settled by its exchange call", async () => {
    const m = await member(t);
    const started = await pay(t, m.cookie, paymentBody({ method: 'visa', country: 'GB' }));
    expect(started.statusCode, started.body).toBe(200);
    const { payment_id: paymentId, redirect_url: redirectUrl } = started.json() as { payment_id: number; redirect_url: string };
    const order = orderOf(paymentId);
    expect(redirectUrl).toBe(`https://checkout.example.test/${order.orderId}`);
    expect(order.body).toMatchObject({ serviceId: SERVICE_ID, paymentMethod: { id: 3141 }, reference: `P${paymentId}` });
    expect(String(order.body.exchangeUrl)).toMatch(/\/api\/payment-webhook\/paynl$/);
    expect((await paymentRow(t, paymentId)).providerPaymentId).toBe(order.orderId);

    // The member pays at PAY.; PAY. calls the exchange URL with a form.
    order.status = { code: 100, action: 'PAID' };
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook/paynl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'new_ppt', order_id: order.orderId, extra1: String(paymentId) }).toString(),
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    expect(exchange.body).toBe('TRUE| OK');
    expect(exchange.headers['content-type']).toContain('text/plain');
    await eventsProcessed(t);
    await waitFor(
      'paid',
      () => paymentRow(t, paymentId),
      (row) => row.status === 'paid',
    );
    expect(await purchaseEntries(t, m.userId)).toHaveLength(1);
    expect((await userRow(t, m.userId)).paidUser).toBe(true);

    // The Order API's JSON exchange for the same order changes nothing twice.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook/paynl',
      payload: { object: { id: order.id, orderId: order.orderId, status: order.status, reference: order.reference } },
    });
    expect(json.body).toBe('TRUE| OK');
    await eventsProcessed(t);
    expect(await purchaseEntries(t, m.userId)).toHaveLength(1);
  });

  it('a direct debit confirmed by the SMS code is created at PAY. as option 137 with the bank details', async () => {
    const m = await member(t);
    const body = {
      package_id: 'p0',
      country: 'IE',
      account_holder: 'Sanne de Vries',
      iban: 'IE29AIBK93115212345678',
      street: 'Main Street',
      house_number: '12',
      zip: 'D02 X285',
      city: 'Dublin',
      phone: '+353 85 123 4567',
      authorization: true,
      withdrawal_consent: true,
      idempotency_key: newKey(),
    };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/directdebit.php?domain=localhost',
      headers: { cookie: m.cookie },
      payload: body,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const dir = path.join(t.dataDir, 'sms');
    const [file] = fs.readdirSync(dir);
    const code = /(\d{6})\s*$/.exec(parseSmsFile(fs.readFileSync(path.join(dir, file!), 'utf8')).text)![1]!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/directdebit.php?domain=localhost',
      headers: { cookie: m.cookie },
      payload: { ...body, otp: code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { payment_id: paymentId, redirect_url: redirectUrl } = confirmed.json() as { payment_id: number; redirect_url: string };
    expect(redirectUrl).toBe(`/transactions/${paymentId}`);
    const order = orderOf(paymentId);
    expect(order.body).toMatchObject({
      paymentMethod: {
        id: 137,
        input: { iban: 'IE29AIBK93115212345678', firstName: 'Sanne', lastName: 'de Vries', permissionGiven: true },
      },
      order: { invoiceAddress: { street: 'Main Street', streetNumber: '12', zipCode: 'D02 X285', city: 'Dublin', country: 'IE' } },
    });
    const [request] = await t.database.db.select().from(directDebitRequests).where(eq(directDebitRequests.userId, m.userId));
    expect(request!.paymentId).toBe(paymentId);
    expect(request!.details.iban).toBeUndefined();
  });
});
