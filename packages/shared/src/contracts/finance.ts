import { z } from 'zod';
import { zBackOfficeDay } from './back-office-dates';
import { INT32_MAX, zText } from './input';
import { PACKAGE_AMOUNT_MAX, PACKAGE_IDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../rules/payments';
import { zIdempotencyKey } from './payments';

/**
 * Finance in the back office (issue 14, decision 032): the payments list and one payment, refunds
 * by finance staff, chargebacks the provider reports, revenue per day and site, and the purchase
 * blocks support lifts. Money is an integer in the payment's currency's minor units.
 */

export const PAYMENTS_PAGE_SIZE = 50;
export const PAYMENTS_MAX_PAGE_SIZE = 200;
export const REFUND_REASON_MAX = 500;
/** The longest revenue period one call may ask for (a leap year), and the default (30 days up to today). */
export const REVENUE_MAX_DAYS = 366;
export const REVENUE_DEFAULT_DAYS = 30;

const id = () => z.coerce.number().int().positive().max(INT32_MAX);

/** GET /admin/api/payments: newest first; `before` (a payment id, the previous page's next_before) pages on. */
export const ZPaymentListQuery = z.object({
  site_id: id().optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  user_id: id().optional(),
  /** Created on or after this UTC day. */
  from: zBackOfficeDay().optional(),
  /** Created on or before this UTC day. */
  to: zBackOfficeDay().optional(),
  before: id().optional(),
  limit: z.coerce.number().int().min(1).max(PAYMENTS_MAX_PAGE_SIZE).default(PAYMENTS_PAGE_SIZE),
});
export type TPaymentListQuery = z.infer<typeof ZPaymentListQuery>;

export const ZFinancePayment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** null once the account is erased (the payment stays for the tax records). */
  email: z.string().nullable(),
  site_id: z.number().int(),
  site_name: z.string(),
  package_id: z.enum(PACKAGE_IDS),
  credits: z.number().int(),
  list_amount: z.number().int(),
  discount_percentage: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  invoice_number: z.string().nullable(),
  refunded_amount: z.number().int(),
  charged_back: z.boolean(),
  charged_back_at: z.string().nullable(),
});
export type TFinancePayment = z.infer<typeof ZFinancePayment>;

export const ZPaymentListAnswer = z.object({
  payments: z.array(ZFinancePayment),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type TPaymentListAnswer = z.infer<typeof ZPaymentListAnswer>;

/** GET /admin/api/payments/site-choices: the sites for the finance screens' filter. */
export const ZFinanceSiteChoices = z.object({ sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string() })) });
export type TFinanceSiteChoices = z.infer<typeof ZFinanceSiteChoices>;

export const REFUND_KINDS = ['refund', 'chargeback'] as const;

export const ZRefundView = z.object({
  id: z.number().int(),
  kind: z.enum(REFUND_KINDS),
  amount: z.number().int(),
  credits_taken: z.number().int(),
  credits_spent: z.number().int(),
  reason: z.string(),
  staff_user_id: z.number().int().nullable(),
  /** null while the provider has not confirmed it (a refund in flight), and for chargebacks. */
  provider_refund_id: z.string().nullable(),
  created_at: z.string(),
});
export type TRefundView = z.infer<typeof ZRefundView>;

/** GET /admin/api/payments/:id. */
export const ZPaymentDetail = z.object({
  payment: ZFinancePayment.extend({
    country: z.string(),
    provider: z.string(),
    provider_payment_id: z.string().nullable(),
    vat_rate_bp: z.number().int().nullable(),
    vat_amount: z.number().int().nullable(),
    recurring: z.boolean(),
  }),
  refunds: z.array(ZRefundView),
  credits: z.object({
    /** Credits the purchase posted (0 unless paid). */
    posted: z.number().int(),
    /** Taken back by refunds and a chargeback. */
    taken: z.number().int(),
    /** Of the refunded part, already spent by the member when it was refunded. */
    spent: z.number().int(),
  }),
  /** What a refund may still give back (0 unless paid). */
  refundable: z.number().int(),
});
export type TPaymentDetail = z.infer<typeof ZPaymentDetail>;

/** POST /admin/api/payments/:id/refunds. The form makes a fresh key each time it opens. */
export const ZRefundRequest = z
  .object({
    amount: z.number().int().min(1, 'at least 0.01').max(PACKAGE_AMOUNT_MAX),
    reason: zText(REFUND_REASON_MAX).trim().min(1, 'give a reason').max(REFUND_REASON_MAX),
    idempotency_key: zIdempotencyKey(),
  })
  .strict();
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

export const ZRefundAnswer = z.object({
  refund: ZRefundView,
  refunded_amount: z.number().int(),
  /** True when the key had refunded before: nothing new happened. */
  replayed: z.boolean(),
});
export type TRefundAnswer = z.infer<typeof ZRefundAnswer>;

/**
 * GET /admin/api/revenue (payments.manage: money figures are finance's; the dashboard shows its own
 * summary to dashboard.view). Per UTC day, site and currency: payments paid that day and their
 * amounts, refunds and chargebacks booked that day, and the difference.
 */
export const ZRevenueQuery = z.object({
  site_id: id().optional(),
  from: zBackOfficeDay().optional(),
  to: zBackOfficeDay().optional(),
});
export type TRevenueQuery = z.infer<typeof ZRevenueQuery>;

export const ZRevenueRow = z.object({
  day: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  currency: z.string(),
  paid_count: z.number().int(),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
export type TRevenueRow = z.infer<typeof ZRevenueRow>;

export const ZRevenueAnswer = z.object({
  from: z.string(),
  to: z.string(),
  site_id: z.number().int().nullable(),
  /** Newest day first; days and sites without payments or refunds are left out. */
  rows: z.array(ZRevenueRow),
  /** The period's sums per currency (never added across currencies). */
  totals: z.array(ZRevenueRow.omit({ day: true, site_id: true, site_name: true })),
});
export type TRevenueAnswer = z.infer<typeof ZRevenueAnswer>;

// ---------------------------------------------------------------------------------------------
// Purchase blocks (members desk; members.manage).

export const PURCHASE_BLOCK_KINDS = ['card', 'direct_debit'] as const;
export type TPurchaseBlockKind = (typeof PURCHASE_BLOCK_KINDS)[number];
export const ZPurchaseBlockKind = z.enum(PURCHASE_BLOCK_KINDS);

export const ZPurchaseBlockView = z.object({
  id: z.number().int(),
  kind: ZPurchaseBlockKind,
  reason: z.enum(['chargeback', 'staff']),
  payment_id: z.number().int().nullable(),
  created_at: z.string(),
  lifted_at: z.string().nullable(),
});
export type TPurchaseBlockView = z.infer<typeof ZPurchaseBlockView>;

/** POST /admin/api/members/:id/purchase-blocks. */
export const ZPurchaseBlockRequest = z.object({ kind: ZPurchaseBlockKind }).strict();
export const ZPurchaseBlockParams = z.object({ id: id(), kind: ZPurchaseBlockKind });
/** POST .../purchase-blocks/:kind/lift: a JSON body, the reason optional. */
export const ZLiftPurchaseBlockRequest = z.object({ reason: zText(REFUND_REASON_MAX).trim().max(REFUND_REASON_MAX).optional() }).strict();
export const ZPurchaseBlockAnswer = z.object({ block: ZPurchaseBlockView });
export type TPurchaseBlockAnswer = z.infer<typeof ZPurchaseBlockAnswer>;

/** In the members desk's member page: the member's latest payments and open purchase blocks. */
export const ZMemberPayments = z.object({
  payments: z.array(ZFinancePayment),
  open_blocks: z.array(ZPurchaseBlockView),
});
export type TMemberPayments = z.infer<typeof ZMemberPayments>;
