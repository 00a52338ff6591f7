/**
 * The PAY. adapter against a local fake of PAY.'s APIs (node:http on 127.0.0.1), speaking its
 * wire format (paynl-wire.ts): create, status, refund, the exchange call, auth and errors.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createPaymentProvider } from '.';
import { createPaynlProvider } from './paynl';
import { ProviderError, type CreateProviderPayment, type PaymentProvider } from './port';
import { PAYNL_METHOD_IDS } from './paynl-wire';
import { PAYMENT_METHODS } from '@cupido/shared/rules/payments';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

const TOKEN_CODE = 'AT-1234-5678';
const API_TOKEN = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeed';
const SERVICE_ID = 'SL-1111-2222';
const ORDER_ID = '51234567890X1a2b';

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
/** What the fake answers to the next status call. */
let orderState: Record<string, unknown> = {};
/** Route -> a forced answer (status and body), or 'hang' to never answer. */
let forced: Record<string, { status: number; body: string } | 'hang'> = {};

function order(extra: Record<string, unknown> = {}) {
  return {
    id: '7f7d0b2c-0000-4000-8000-000000000001',
    orderId: ORDER_ID,
    serviceId: SERVICE_ID,
    reference: 'P42',
    status: { code: 20, action: 'PENDING' },
    amount: { value: 1995, currency: 'EUR' },
    payments: [],
    modifiedAt: '2026-11-24T08:00:00+01:00',
    links: { redirect: `https://checkout.example.test/${ORDER_ID}`, status: `x/v1/orders/${ORDER_ID}/status` },
    ...extra,
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      const route = `${req.method} ${req.url}`;
      const force = forced[route];
      if (force === 'hang') return;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (force) return send(force.status, force.body);
      if (req.headers.authorization !== `Basic ${Buffer.from(`${TOKEN_CODE}:${API_TOKEN}`).toString('base64')}`) {
        return send(401, { type: 'about:blank', code: 'PAY-401', title: 'Unauthorized', detail: 'Invalid credentials' });
      }
      if (route === 'POST /v1/orders') return send(201, order());
      if (route === `GET /v1/orders/${ORDER_ID}/status`) return send(200, order(orderState));
      if (route === `PATCH /v2/transactions/${ORDER_ID}/refund`) {
        return send(200, {
          orderId: ORDER_ID,
          transactionId: ORDER_ID,
          amountRefunded: { value: 500, currency: 'EUR' },
          refundedTransactions: [{ id: 'RF-1', refundId: 'RF-0001-0002' }],
        });
      }
      send(404, { code: 'PAY-404', title: 'Not found', detail: `No route ${route}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  orderState = {};
  forced = {};
});

function provider(extra: { timeoutMs?: number; apiToken?: string } = {}): PaymentProvider {
  return createPaynlProvider(
    { apiUrl: baseUrl, tokenCode: TOKEN_CODE, apiToken: extra.apiToken ?? API_TOKEN, serviceId: SERVICE_ID },
    { timeoutMs: extra.timeoutMs },
  );
}

const payment: CreateProviderPayment = {
  paymentId: 42,
  amount: 1995,
  currency: 'EUR',
  method: 'ideal',
  description: 'Cupido credits p1 (120 credits) order 42',
  returnUrl: 'https://cupido.example/transactions/42',
  webhookUrl: 'https://cupido.example/api/payments/webhook/paynl',
  language: 'nl',
  customer: { email: 'sanne@example.com', ipAddress: '203.0.113.9', country: 'NL' },
  recurring: false,
};

function fakeRequest(parts: { body?: unknown; query?: unknown; headers?: Record<string, string>; rawBody?: string }): FastifyRequest {
  return { body: parts.body, query: parts.query ?? {}, headers: parts.headers ?? {}, rawBody: parts.rawBody } as unknown as FastifyRequest;
}

describe('PAY. provider', () => {
  it('maps each of the 18 methods to a PAY. payment option id', () => {
    expect(Object.keys(PAYNL_METHOD_IDS).sort()).toEqual([...PAYMENT_METHODS].sort());
    expect(new Set(Object.values(PAYNL_METHOD_IDS)).size).toBe(PAYMENT_METHODS.length);
    expect(PAYNL_METHOD_IDS.ideal).toBe(10);
    expect(PAYNL_METHOD_IDS.sdd).toBe(137);
  });

  it('creates an order with basic auth and the Order API body, and answers the checkout link', async () => {
    const created = await provider().createPayment(payment);
    expect(created).toEqual({ providerPaymentId: ORDER_ID, checkoutUrl: `https://checkout.example.test/${ORDER_ID}` });
    expect(seen).toHaveLength(1);
    const call = seen[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/v1/orders');
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${TOKEN_CODE}:${API_TOKEN}`).toString('base64')}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toMatchObject({
      serviceId: SERVICE_ID,
      amount: { value: 1995, currency: 'EUR' },
      reference: 'P42',
      returnUrl: payment.returnUrl,
      exchangeUrl: payment.webhookUrl,
      paymentMethod: { id: 10 },
      customer: { email: 'sanne@example.com', ipAddress: '203.0.113.9', language: 'NL' },
      order: { countryCode: 'NL' },
      stats: { extra1: '42' },
    });
    expect((call.body as { description: string }).description.length).toBeLessThanOrEqual(32);
  });

  it('sends a direct debit with IBAN, holder, permission and address, and no checkout link', async () => {
    const created = await provider().createPayment({
      ...payment,
      method: 'sdd',
      directDebit: {
        iban: 'NL91ABNA0417164300',
        accountHolder: 'Sanne de Vries',
        street: 'Dorpsstraat',
        houseNumber: '12a',
        zip: '1234 AB',
        city: 'Utrecht',
      },
    });
    expect(created.checkoutUrl).toBeNull();
    expect(seen[0]!.body).toMatchObject({
      paymentMethod: {
        id: 137,
        input: { iban: 'NL91ABNA0417164300', firstName: 'Sanne', lastName: 'de Vries', city: 'Utrecht', permissionGiven: true },
      },
      order: { invoiceAddress: { street: 'Dorpsstraat', streetNumber: '12a', zipCode: '1234 AB', city: 'Utrecht', country: 'NL' } },
    });
    await expect(provider().createPayment({ ...payment, method: 'sdd' })).rejects.toBeInstanceOf(ProviderError);
  });

  it.each([
    [20, 'PENDING', 'open'],
    [50, 'PENDING', 'pending'],
    [90, 'PENDING', 'pending'],
    [95, 'AUTHORIZE', 'pending'],
    [100, 'PAID', 'paid'],
    [-90, 'CANCEL', 'cancelled'],
    [-80, 'EXPIRED', 'expired'],
    [-60, 'FAILURE', 'failed'],
    [-63, 'DENIED', 'failed'],
  ] as const)('status code %i (%s) is %s', async (code, action, status) => {
    orderState = { status: { code, action } };
    expect(await provider().fetchStatus(ORDER_ID)).toEqual({ status, refundedAmount: 0, chargedBack: false });
    expect(seen[0]).toMatchObject({ method: 'GET', url: `/v1/orders/${ORDER_ID}/status` });
  });

  it('reads refunds and chargebacks of a paid order', async () => {
    orderState = { status: { code: -82, action: 'PARTIAL REFUND' }, amountRefunded: { value: 500, currency: 'EUR' } };
    expect(await provider().fetchStatus(ORDER_ID)).toEqual({ status: 'paid', refundedAmount: 500, chargedBack: false });
    orderState = { status: { code: -81, action: 'REFUND' } };
    expect(await provider().fetchStatus(ORDER_ID)).toEqual({ status: 'paid', refundedAmount: 1995, chargedBack: false });
    orderState = { status: { code: -71, action: 'CHARGEBACK' } };
    expect(await provider().fetchStatus(ORDER_ID)).toEqual({ status: 'paid', refundedAmount: 0, chargedBack: true });
  });

  it('refunds through PATCH /v2/transactions/{id}/refund with the amount in the order currency', async () => {
    const answer = await provider().refund(ORDER_ID, 500, 'Refund of order 42');
    expect(answer).toEqual({ refundId: 'RF-0001-0002' });
    const refund = seen.find((s) => s.method === 'PATCH')!;
    expect(refund.url).toBe(`/v2/transactions/${ORDER_ID}/refund`);
    expect(refund.body).toEqual({ amount: { value: 500, currency: 'EUR' }, description: 'Refund of order 42' });
  });

  it('maps refusals, server errors, bad credentials and timeouts to ProviderError', async () => {
    forced['POST /v1/orders'] = {
      status: 422,
      body: JSON.stringify({
        code: 'PAY-2010',
        title: 'Invalid',
        detail: 'Amount too low',
        violations: [{ propertyPath: 'amount.value', message: 'too low' }],
      }),
    };
    const refused = await provider()
      .createPayment(payment)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).retryable).toBe(false);
    expect((refused as ProviderError).message).toContain('PAY-2010');

    forced['POST /v1/orders'] = { status: 503, body: 'down' };
    expect(
      await provider()
        .createPayment(payment)
        .catch((e: unknown) => (e as ProviderError).retryable),
    ).toBe(true);

    forced = {};
    const unauthorised = await provider({ apiToken: 'wrong' })
      .fetchStatus(ORDER_ID)
      .catch((e: unknown) => e);
    expect(unauthorised).toBeInstanceOf(ProviderError);
    expect((unauthorised as ProviderError).message).toContain('401');

    forced[`GET /v1/orders/${ORDER_ID}/status`] = 'hang';
    const started = Date.now();
    const timedOut = await provider({ timeoutMs: 200 })
      .fetchStatus(ORDER_ID)
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(ProviderError);
    expect((timedOut as ProviderError).retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);

    forced[`GET /v1/orders/${ORDER_ID}/status`] = { status: 200, body: '<html>' };
    expect(
      await provider()
        .fetchStatus(ORDER_ID)
        .catch((e: unknown) => e),
    ).toBeInstanceOf(ProviderError);
  });

  it('reads the Order API exchange (JSON { object }) and the classic one (form fields)', () => {
    const p = provider();
    const json = { object: order({ status: { code: 100, action: 'PAID' } }) };
    const notice = p.parseWebhook(fakeRequest({ body: json }));
    expect(notice).toMatchObject({ providerPaymentId: ORDER_ID });
    expect(notice!.eventId).toMatch(new RegExp(`^${ORDER_ID}:new_ppt:[0-9a-f]{24}$`));
    // A retry of the same call is the same event; the next status is another one.
    expect(p.parseWebhook(fakeRequest({ body: JSON.parse(JSON.stringify(json)) }))!.eventId).toBe(notice!.eventId);
    const refunded = p.parseWebhook(
      fakeRequest({ body: { object: order({ status: { code: -81, action: 'REFUND' }, modifiedAt: '2026-11-25T10:00:00+01:00' }) } }),
    );
    expect(refunded!.eventId).not.toBe(notice!.eventId);

    const form = { action: 'new_ppt', order_id: ORDER_ID, extra1: '42', payment_session_id: '123456' };
    const classic = p.parseWebhook(fakeRequest({ body: form }));
    expect(classic).toMatchObject({ providerPaymentId: ORDER_ID });
    expect(classic!.eventId.startsWith(`${ORDER_ID}:new_ppt:`)).toBe(true);
    // The same form as a raw string body, or as the query of a GET, is the same call.
    expect(p.parseWebhook(fakeRequest({ body: new URLSearchParams(form).toString() }))!.eventId).toBe(classic!.eventId);
    expect(p.parseWebhook(fakeRequest({ query: form }))!.eventId).toBe(classic!.eventId);
    const chargeback = p.parseWebhook(fakeRequest({ body: { ...form, action: 'chargeback:chargeback' } }));
    expect(chargeback!.eventId).not.toBe(classic!.eventId);

    expect(p.parseWebhook(fakeRequest({ body: { hello: 'world' } }))).toBeNull();
    expect(p.parseWebhook(fakeRequest({ body: { ...form, order_id: `${'9'.repeat(65)}` } }))).toBeNull();
    expect(p.parseWebhook(fakeRequest({ body: { ...form, order_id: '1; DROP TABLE' } }))).toBeNull();
    expect(p.webhookAnswer.body.startsWith('TRUE|')).toBe(true);
  });

  it('checks a signed exchange: token code and HMAC of the raw body', () => {
    const p = provider();
    const rawBody = JSON.stringify({ object: order({ status: { code: 100, action: 'PAID' } }) });
    const signature = createHmac('sha256', API_TOKEN).update(rawBody).digest('hex');
    const headers = { 'signature-method': 'HMAC', 'signature-keyid': TOKEN_CODE, 'signature-algorithm': 'sha256', signature };
    expect(p.parseWebhook(fakeRequest({ body: JSON.parse(rawBody), rawBody, headers }))).toMatchObject({ providerPaymentId: ORDER_ID });
    expect(() =>
      p.parseWebhook(fakeRequest({ body: JSON.parse(rawBody), rawBody, headers: { ...headers, signature: '00'.repeat(32) } })),
    ).toThrow(/signature/);
    expect(() =>
      p.parseWebhook(fakeRequest({ body: JSON.parse(rawBody), rawBody, headers: { ...headers, 'signature-keyid': 'AT-9999-9999' } })),
    ).toThrow(/token code/);
  });
});

describe('createPaymentProvider', () => {
  it('gives PAY. when the configuration names it, the sandbox otherwise', () => {
    const env = { PAYMENT_PROVIDER: 'paynl', PAYNL_TOKEN_CODE: TOKEN_CODE, PAYNL_API_TOKEN: API_TOKEN, PAYNL_SERVICE_ID: SERVICE_ID };
    const config = loadConfig(env);
    expect(config.payments).toEqual({
      provider: 'paynl',
      paynl: { apiUrl: 'https://connect.pay.nl', tokenCode: TOKEN_CODE, apiToken: API_TOKEN, serviceId: SERVICE_ID },
    });
    const deps = { db: undefined as never, clock: () => new Date() };
    expect(createPaymentProvider(config.payments, deps).name).toBe('paynl');
    expect(createPaymentProvider(loadConfig({}).payments, deps).name).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paynl' })).toThrow(/PAYNL_TOKEN_CODE/);
  });
});
