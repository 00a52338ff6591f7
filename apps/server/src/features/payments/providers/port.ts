/**
 * The payment provider port (issue 14, decision 032): what the payments feature asks of a payment
 * service provider. Two adapters: the built-in sandbox (default; its own test checkout page) and
 * PAY. (pay.nl). The feature never trusts a webhook's body for a status: it only learns which
 * payment to look at, then asks the provider with fetchStatus.
 */
import type { FastifyRequest } from 'fastify';
import type { TPaymentMethod, TPaymentStatus } from '@cupido/shared/rules/payments';

export interface CreateProviderPayment {
  /** Our payment id (the provider keeps it as its reference). */
  paymentId: number;
  amount: number;
  currency: string;
  method: TPaymentMethod;
  /** Shown on the member's bank statement and the provider's page. */
  description: string;
  /** Where the provider sends the member back: /transactions/{id} on the site's own origin. */
  returnUrl: string;
  /** Where the provider posts its webhook (exchange) calls. */
  webhookUrl: string;
  /** The member's language for the provider's pages. */
  language: string;
  customer: { email: string; ipAddress: string; country: string };
  /** A repeated card order, charged as a recurring payment where the provider supports it. */
  recurring: boolean;
  /** Bank details of a direct debit (method sdd), confirmed by the member's SMS code. */
  directDebit?: { iban: string; accountHolder: string; street: string; houseNumber: string; zip: string; city: string };
}

export interface CreatedProviderPayment {
  providerPaymentId: string;
  /** The provider's checkout page; null when the member has nothing to do there (a direct debit). */
  checkoutUrl: string | null;
}

/** What the provider says about a payment now. */
export interface ProviderStatus {
  status: TPaymentStatus;
  /** Given back by refunds so far, minor units. */
  refundedAmount: number;
  /** The payer's bank reversed the payment. */
  chargedBack: boolean;
}

/** Which payment a webhook call is about, and the id of this notification. */
export interface WebhookNotice {
  /** Unique per notification at the provider: a replay carries the same id. */
  eventId: string;
  providerPaymentId: string;
}

export interface PaymentProvider {
  /** 'sandbox' or 'paynl': stored on each payment, and the webhook path's last segment. */
  readonly name: string;
  createPayment(input: CreateProviderPayment): Promise<CreatedProviderPayment>;
  fetchStatus(providerPaymentId: string): Promise<ProviderStatus>;
  /**
   * The statuses of many payments in one question, where the provider can answer that (webhook
   * rounds ask about many payments at once). A payment missing from the answer is unknown to the
   * provider. Without it each payment is asked about with fetchStatus.
   */
  fetchStatuses?(providerPaymentIds: string[]): Promise<Map<string, ProviderStatus>>;
  /** Gives `amount` back; answers the provider's refund id. */
  refund(providerPaymentId: string, amount: number, description: string): Promise<{ refundId: string }>;
  /** Reads a webhook call; null when it is not a call about a payment (it is then answered and ignored). Throws on a bad signature. */
  parseWebhook(request: FastifyRequest): WebhookNotice | null;
  /** The body the provider expects in answer to a webhook call it may stop retrying. */
  readonly webhookAnswer: { contentType: string; body: string };
}

/** A provider call failed (network, 5xx, refused): the member is told to try again or another method. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
