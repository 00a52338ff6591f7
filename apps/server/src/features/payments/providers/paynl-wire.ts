/**
 * PAY.'s (pay.nl) wire format, as its own SDKs speak it (decision 032). Sources, read for this
 * adapter: paynl/php-sdk (src/Model/Request/OrderCreateRequest.php, OrderStatusRequest.php,
 * TransactionRefundRequest.php, src/Model/Pay/PayStatus.php, src/Util/Exchange.php) and
 * paynl/nodejs-sdk (src/connect/order/OrderApi.ts, Order.ts, Payment.ts, ApiError.ts).
 *
 * - Order API ("TGU", base https://connect.pay.nl): POST /v1/orders creates an order and answers
 *   { id, orderId, status: {code, action}, links: { redirect, ... }, ... }; GET
 *   /v1/orders/{orderId}/status answers the same order object. Basic auth: token code (AT-...)
 *   as user, API token as password; serviceId (SL-...) in the body.
 * - Refunds go to the REST API (https://rest.pay.nl): PATCH /v2/transactions/{orderId}/refund
 *   with { amount: {value, currency}, description }.
 * - Errors: a non-2xx with { type, code, title, detail, violations? }.
 * - Amounts: integers in minor units ({ value: 1995, currency: 'EUR' }).
 * - The exchange (webhook) call comes in two shapes: the Order API posts JSON { object: <order> }
 *   (optionally signed: headers signature-method HMAC, signature-keyid = token code,
 *   signature-algorithm, signature = HMAC of the raw body keyed with the API token); the classic
 *   one posts a form (or query) with action (new_ppt, pending, cancel, refund:add, chargeback...),
 *   order_id, extra1... PAY. expects the answer "TRUE| ..." (text) or it retries.
 */
import { createHash } from 'node:crypto';
import type { TPaymentMethod, TPaymentStatus } from '@cupido/shared/rules/payments';

/**
 * The spec's 18 methods as PAY. payment option ids ("payment-option-ids-subids" in PAY.'s
 * developer docs; the same ids appear in paynl/php-sdk's samples (iDEAL 10) and in public
 * integrations listing PAY.'s table). PAY. enables options per sales location (SL-...) under its
 * contract: a merchant on a high-risk or digital-services contract gets the high-risk ids instead
 * (cards 709, Maestro 715, Sofort 577/595) — change them here if PAY. says so.
 */
export const PAYNL_METHOD_IDS: Record<TPaymentMethod, number> = {
  sdd: 137, // SEPA direct debit (incasso)
  prezelewy24: 2151, // Przelewy24
  blik: 2856,
  sct: 136, // SEPA credit transfer (overboeking)
  giropay: 694, // closed scheme: off by default
  mastercard: 3138,
  visa: 3141,
  creditcard: 706, // Visa / Mastercard
  cartebancaire: 2268,
  nexi: 1945,
  ideal: 10,
  bancontact: 436,
  applepay: 2277,
  paysafecard: 553,
  maestro: 712,
  paypal: 138,
  sofort: 559, // closed scheme: off by default
  eps: 2062,
};

export interface PaynlAmount {
  value: number;
  currency: string;
}

/** The order object of the Order API (the fields this adapter reads). */
export interface PaynlOrder {
  id?: string;
  orderId?: string;
  reference?: string | null;
  status?: { code?: number | string | null; action?: string | null };
  amount?: PaynlAmount;
  amountRefunded?: PaynlAmount | null;
  payments?: { status?: { code?: number | string; action?: string }; amount?: PaynlAmount }[];
  modifiedAt?: string;
  links?: { redirect?: string; checkout?: string; status?: string };
}

export interface PaynlErrorBody {
  code?: string;
  title?: string;
  detail?: string;
  violations?: { propertyPath?: string; message?: string; code?: string }[];
}

/**
 * PAY.'s status codes (PayStatus.php; "transaction statuses" in its docs) to ours. 20 and 25 are
 * an order waiting for the member; the other positive codes below 100 are on their way (verify,
 * authorised, partly captured, confirmed); refunds (-81/-82/-72) and chargebacks (-70/-71)
 * happen to a paid payment, which stays paid with its refunded amount or charged back flag.
 */
export function paynlStatusOf(code: number): TPaymentStatus {
  if (code === 100) return 'paid';
  if (code === 20 || code === 25) return 'open';
  if (code > 0) return 'pending';
  if ([-70, -71, -72, -81, -82].includes(code)) return 'paid';
  if (code === -80) return 'expired';
  if (code === -90 || code === -61 || code === -1) return 'cancelled';
  // -60 failure, -63/-64 denied, any other refusal.
  return 'failed';
}

export function isPaynlChargeback(order: PaynlOrder): boolean {
  const code = Number(order.status?.code);
  if (code === -70 || code === -71) return true;
  if ((order.status?.action ?? '').toUpperCase().startsWith('CHARGEBACK')) return true;
  return (order.payments ?? []).some((p) => [-70, -71].includes(Number(p.status?.code)));
}

/** Given back so far: PAY.'s amountRefunded, or the whole amount when the order is fully refunded. */
export function paynlRefundedAmount(order: PaynlOrder): number {
  const refunded = order.amountRefunded?.value;
  if (typeof refunded === 'number' && Number.isFinite(refunded)) return Math.max(0, Math.round(refunded));
  const code = Number(order.status?.code);
  if (code === -81 || code === -72) return order.amount?.value ?? 0;
  // A partial refund without amountRefunded: the refund entries among the payments.
  return (order.payments ?? [])
    .filter((p) => [-81, -82].includes(Number(p.status?.code)))
    .reduce((sum, p) => sum + (p.amount?.value ?? 0), 0);
}

/** The fields of an exchange call, whichever shape PAY. used. */
export interface PaynlExchange {
  orderId: string;
  /** new_ppt, pending, cancel, refund:add, chargeback..., or the Order API's status action. */
  action: string;
}

function stringField(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** PAY.'s order ids: "51234567890X1a2b", "EX-1234-5678-9012" or a UUID. Anything else names no order of ours. */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;
const ACTION_MAX = 40;

/** Reads an exchange call's parsed fields (JSON object, form or query); null when it names no order. */
export function readPaynlExchange(fields: Record<string, unknown>): PaynlExchange | null {
  let orderId: string | undefined;
  let action: string;
  const object = fields.object;
  if (object && typeof object === 'object') {
    const order = object as PaynlOrder;
    orderId = stringField(order.orderId) ?? stringField(order.id);
    const code = Number(order.status?.code);
    action = code === 100 || code === 95 ? 'new_ppt' : (stringField(order.status?.action) ?? String(order.status?.code ?? ''));
  } else {
    orderId = stringField(fields.order_id);
    action = stringField(fields.action) ?? '';
  }
  if (!orderId || !ORDER_ID.test(orderId)) return null;
  return { orderId, action: action.toLowerCase().slice(0, ACTION_MAX) };
}

/**
 * PAY. gives an exchange call no id of its own. Ours: order id + action + a hash of the whole
 * call (sorted JSON), so PAY. retrying the same notification (same body) gives the same id, while
 * any other notification about the order (the next status, a second partial refund: another
 * amount or modifiedAt) gives a new one. A false "new" only costs a status re-fetch: the payments
 * core applies forward transitions only.
 */
export function paynlEventId(exchange: PaynlExchange, fields: Record<string, unknown>): string {
  const digest = createHash('sha256').update(stableJson(fields)).digest('hex').slice(0, 24);
  return `${exchange.orderId}:${exchange.action || 'exchange'}:${digest}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** "Jan de Vries" -> first "Jan", last "de Vries" (PAY.'s direct debit input wants both). */
export function splitHolderName(holder: string): { firstName?: string; lastName: string } {
  const trimmed = holder.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space < 0) return { lastName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}
