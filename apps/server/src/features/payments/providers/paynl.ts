/**
 * PAY. (pay.nl) as the payment provider (issue 14, decision 032): it accepts adult services and
 * offers all 18 methods. Wire format and its sources: paynl-wire.ts; HTTP: paynl-client.ts.
 *
 * - Our payment id goes to PAY. as the order's reference ("P123", letters and digits as PAY.
 *   requires); PAY.'s orderId is the provider payment id (status, refunds and the exchange name it).
 * - A direct debit (sdd) is an order with payment option 137 whose input carries the IBAN, the
 *   holder's name and permissionGiven (the member's authorization, confirmed by the SMS code),
 *   and the holder's address as the order's invoice address: nothing is left for the member to
 *   do at PAY., so no checkout URL.
 * - Recurring: PAY.'s Order API takes no card-on-file token from us; a repeated card order is a
 *   new order through PAY.'s checkout (marked recurring in stats.extra2 for PAY.'s reports).
 *   Merchant-initiated charges would need PAY.'s separate recurring contract.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PaymentsConfig } from '../../../config';
import { ProviderError, type CreateProviderPayment, type PaymentProvider } from './port';
import { PAYNL_DEFAULT_API_URL, PAYNL_REST_API_URL, PAYNL_TIMEOUT_MS, PaynlClient, type PaynlCreateOrder } from './paynl-client';
import {
  PAYNL_METHOD_IDS,
  isPaynlChargeback,
  paynlEventId,
  paynlRefundedAmount,
  paynlStatusOf,
  readPaynlExchange,
  splitHolderName,
} from './paynl-wire';

export type PaynlOptions = NonNullable<PaymentsConfig['paynl']>;

export interface PaynlExtraOptions {
  /** Where refunds go; by default PAY.'s REST API, or the same base as apiUrl when that is not PAY.'s own (a fake or a proxy serves both). */
  restApiUrl?: string;
  timeoutMs?: number;
}

/** PAY. shows at most 32 characters of a description on bank statements. */
const DESCRIPTION_MAX = 32;

export function createPaynlProvider(options: PaynlOptions, extra: PaynlExtraOptions = {}): PaymentProvider {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const client = new PaynlClient({
    apiUrl,
    restApiUrl: extra.restApiUrl ?? (apiUrl === PAYNL_DEFAULT_API_URL ? PAYNL_REST_API_URL : apiUrl),
    tokenCode: options.tokenCode,
    apiToken: options.apiToken,
    timeoutMs: extra.timeoutMs ?? PAYNL_TIMEOUT_MS,
  });
  return {
    name: 'paynl',

    async createPayment(input) {
      const order = await client.createOrder(orderBody(options.serviceId, input));
      const providerPaymentId = order.orderId ?? order.id;
      if (!providerPaymentId) throw new ProviderError('PAY. created an order without an orderId', true);
      const checkoutUrl = input.method === 'sdd' ? null : (order.links?.redirect ?? order.links?.checkout ?? null);
      if (input.method !== 'sdd' && !checkoutUrl) throw new ProviderError('PAY. created an order without a checkout link', true);
      return { providerPaymentId, checkoutUrl };
    },

    async fetchStatus(providerPaymentId) {
      const order = await client.orderStatus(providerPaymentId);
      const code = Number(order.status?.code);
      if (!Number.isFinite(code)) throw new ProviderError(`PAY. answered order ${providerPaymentId} without a status code`, true);
      return { status: paynlStatusOf(code), refundedAmount: paynlRefundedAmount(order), chargedBack: isPaynlChargeback(order) };
    },

    async refund(providerPaymentId, amount, description) {
      // PAY. wants the currency beside the amount: the order's own (refunds are rare; one more call).
      const order = await client.orderStatus(providerPaymentId);
      const currency = order.amount?.currency;
      if (!currency) throw new ProviderError(`PAY. answered order ${providerPaymentId} without its currency`, true);
      const answer = await client.refund(providerPaymentId, { value: amount, currency }, description.slice(0, DESCRIPTION_MAX));
      const refunded = answer.refundedTransactions?.[0];
      return { refundId: refunded?.refundId ?? refunded?.id ?? answer.transactionId ?? `${providerPaymentId}:refund:${amount}` };
    },

    parseWebhook(request) {
      const fields = exchangeFields(request);
      verifySignature(request, options);
      const exchange = readPaynlExchange(fields);
      if (!exchange) return null;
      return { eventId: paynlEventId(exchange, fields), providerPaymentId: exchange.orderId };
    },

    webhookAnswer: { contentType: 'text/plain; charset=utf-8', body: 'TRUE| OK' },
  };
}

function orderBody(serviceId: string, input: CreateProviderPayment): PaynlCreateOrder {
  const body: PaynlCreateOrder = {
    serviceId,
    amount: { value: input.amount, currency: input.currency },
    description: input.description.slice(0, DESCRIPTION_MAX),
    reference: `P${input.paymentId}`,
    returnUrl: input.returnUrl,
    exchangeUrl: input.webhookUrl,
    paymentMethod: { id: PAYNL_METHOD_IDS[input.method] },
    customer: { email: input.customer.email, ipAddress: input.customer.ipAddress, language: input.language.slice(0, 2).toUpperCase() },
    order: { countryCode: input.customer.country },
    stats: { extra1: String(input.paymentId), ...(input.recurring ? { extra2: 'recurring' } : {}) },
  };
  const debit = input.directDebit;
  if (input.method === 'sdd') {
    if (!debit) throw new ProviderError('A direct debit needs the bank details', false);
    const name = splitHolderName(debit.accountHolder);
    body.paymentMethod.input = {
      iban: debit.iban,
      ...name,
      email: input.customer.email,
      city: debit.city,
      permissionGiven: true,
    };
    body.customer = { ...body.customer, ...name };
    body.order = {
      countryCode: input.customer.country,
      invoiceAddress: {
        ...name,
        street: debit.street,
        streetNumber: debit.houseNumber,
        zipCode: debit.zip,
        city: debit.city,
        country: input.customer.country,
      },
    };
  }
  return body;
}

/** The exchange's fields: a JSON or form body the route parsed, a raw string body, or the query of a GET. */
function exchangeFields(request: FastifyRequest): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const query = request.query;
  if (query && typeof query === 'object') Object.assign(fields, query);
  let body: unknown = request.body;
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = {};
      }
    } else {
      body = Object.fromEntries(new URLSearchParams(text));
    }
  }
  if (body && typeof body === 'object') Object.assign(fields, body);
  return fields;
}

/**
 * A signed exchange (headers signature-method: HMAC, signature-keyid, signature-algorithm,
 * signature; php-sdk Exchange::checkSignExchange): the key id must be our token code and, when
 * the route kept the raw body (request.rawBody), the HMAC of it keyed with the API token must
 * match. A bad signature throws. An unsigned call is read too: the status is fetched from PAY.
 * anyway, so a forged call can only make us ask.
 */
function verifySignature(request: FastifyRequest, options: PaynlOptions): void {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim();
  };
  if (header('signature-method')?.toUpperCase() !== 'HMAC') return;
  if (header('signature-keyid') !== options.tokenCode) throw new Error('PAY. exchange signed with another token code');
  const raw = (request as FastifyRequest & { rawBody?: string | Buffer }).rawBody;
  if (raw === undefined) return;
  const algorithm = (header('signature-algorithm') ?? 'sha256').toLowerCase();
  let expected: Buffer;
  try {
    expected = createHmac(algorithm, options.apiToken).update(raw).digest();
  } catch {
    throw new Error(`PAY. exchange signed with an unknown algorithm ${algorithm}`);
  }
  const given = Buffer.from(header('signature') ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('PAY. exchange signature does not match');
}
