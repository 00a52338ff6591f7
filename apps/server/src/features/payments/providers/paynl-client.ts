/**
 * A small typed client for PAY.'s REST APIs (wire format: paynl-wire.ts). Every failure becomes a
 * ProviderError: network trouble, timeouts, 429 and 5xx may be tried again; other refusals not.
 */
import { ProviderError } from './port';
import type { PaynlAmount, PaynlErrorBody, PaynlOrder } from './paynl-wire';

export const PAYNL_DEFAULT_API_URL = 'https://connect.pay.nl';
/** PAY.'s REST API, where refunds go (TransactionRefundRequest.php). */
export const PAYNL_REST_API_URL = 'https://rest.pay.nl';
export const PAYNL_TIMEOUT_MS = 15_000;

export interface PaynlClientOptions {
  /** The Order API (connect.pay.nl, or a local fake in tests). */
  apiUrl: string;
  /** The REST API for refunds. */
  restApiUrl: string;
  tokenCode: string;
  apiToken: string;
  timeoutMs: number;
}

/** The body of POST /v1/orders (OrderCreateRequest.php, nodejs-sdk OrderApi.ts). */
export interface PaynlCreateOrder {
  serviceId: string;
  amount: PaynlAmount;
  description: string;
  reference: string;
  returnUrl: string;
  exchangeUrl: string;
  paymentMethod: { id: number; input?: Record<string, unknown> };
  customer?: { email?: string; ipAddress?: string; language?: string; firstName?: string; lastName?: string; phone?: string };
  order?: {
    countryCode?: string;
    invoiceAddress?: {
      firstName?: string;
      lastName?: string;
      street?: string;
      streetNumber?: string;
      zipCode?: string;
      city?: string;
      country?: string;
    };
  };
  stats?: { extra1?: string; extra2?: string; object?: string };
}

export interface PaynlRefundAnswer {
  orderId?: string;
  transactionId?: string;
  amountRefunded?: PaynlAmount;
  refundedTransactions?: { id?: string; refundId?: string }[];
}

export class PaynlClient {
  constructor(private readonly options: PaynlClientOptions) {}

  createOrder(body: PaynlCreateOrder): Promise<PaynlOrder> {
    return this.call<PaynlOrder>('POST', this.options.apiUrl, '/v1/orders', body);
  }

  async orderStatus(orderId: string): Promise<PaynlOrder> {
    const answer = await this.call<PaynlOrder & { object?: PaynlOrder }>(
      'GET',
      this.options.apiUrl,
      `/v1/orders/${encodeURIComponent(orderId)}/status`,
    );
    // The exchange wraps the order in { object }; the status call answers it bare. Take either.
    return answer.object ?? answer;
  }

  refund(orderId: string, amount: PaynlAmount, description: string): Promise<PaynlRefundAnswer> {
    return this.call<PaynlRefundAnswer>('PATCH', this.options.restApiUrl, `/v2/transactions/${encodeURIComponent(orderId)}/refund`, {
      amount,
      description,
    });
  }

  private async call<T>(method: string, base: string, path: string, body?: unknown): Promise<T> {
    const url = `${base.replace(/\/+$/, '')}${path}`;
    const auth = Buffer.from(`${this.options.tokenCode}:${this.options.apiToken}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Basic ${auth}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderError(
        `PAY. ${method} ${path}: ${timedOut ? `no answer within ${this.options.timeoutMs} ms` : errorText(error)}`,
        true,
      );
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new ProviderError(`PAY. ${method} ${path}: HTTP ${response.status} ${describeError(text)}`, retryable);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError(`PAY. ${method} ${path}: an answer that is not JSON`, true);
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
  return String(error);
}

/** PAY.'s error body { code, title, detail, violations } in one line, for the log. */
function describeError(text: string): string {
  try {
    const body = JSON.parse(text) as PaynlErrorBody;
    const violations = (body.violations ?? []).map((v) => `${v.propertyPath ?? ''}: ${v.message ?? ''}`).join('; ');
    return [body.code, body.detail || body.title, violations].filter(Boolean).join(' - ');
  } catch {
    return text.slice(0, 200);
  }
}
