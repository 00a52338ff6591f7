/** Finance's calls (GET /admin/api/payments..., refunds, revenue, purchase blocks) as react-query keys and functions. */
import type {
  TFinanceSiteChoices,
  TMemberPayments,
  TPaymentDetail,
  TPaymentListAnswer,
  TPurchaseBlockAnswer,
  TPurchaseBlockKind,
  TRefundAnswer,
  TRefundRequest,
  TRevenueAnswer,
} from '@cupido/shared/contracts/finance';
import { adminFetch } from '../api';

export type PaymentFilters = { site_id?: number; status?: string; user_id?: string; from?: string; to?: string; before?: string };
export type RevenueFilters = { site_id?: number; from?: string; to?: string };

export const FINANCE_SITES_KEY = ['admin', 'payments', 'site-choices'] as const;
export const paymentsKey = (filters: PaymentFilters) => ['admin', 'payments', 'list', filters] as const;
export const paymentKey = (id: number) => ['admin', 'payments', id] as const;
export const revenueKey = (filters: RevenueFilters) => ['admin', 'revenue', filters] as const;
export const memberPaymentsKey = (userId: number) => ['admin', 'members', userId, 'payments'] as const;

export const fetchFinanceSites = () => adminFetch<TFinanceSiteChoices>('/payments/site-choices');
export const fetchPayments = (filters: PaymentFilters) => adminFetch<TPaymentListAnswer>('/payments', { query: filters });
export const fetchPayment = (id: number) => adminFetch<TPaymentDetail>(`/payments/${id}`);
export const refundPayment = (id: number, body: TRefundRequest) =>
  adminFetch<TRefundAnswer>(`/payments/${id}/refunds`, { method: 'POST', body });
export const fetchRevenue = (filters: RevenueFilters) => adminFetch<TRevenueAnswer>('/revenue', { query: filters });
export const fetchMemberPayments = (userId: number) => adminFetch<TMemberPayments>(`/members/${userId}/payments`);
export const blockPurchases = (userId: number, kind: TPurchaseBlockKind) =>
  adminFetch<TPurchaseBlockAnswer>(`/members/${userId}/purchase-blocks`, { method: 'POST', body: { kind } });
export const liftPurchaseBlock = (userId: number, kind: TPurchaseBlockKind) =>
  adminFetch<TPurchaseBlockAnswer>(`/members/${userId}/purchase-blocks/${kind}/lift`, { method: 'POST', body: {} });

/** A date-time as the back office shows it (UTC, so staff in any zone read the same). */
export const formatTime = (iso: string | null) =>
  iso ? `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC` : '';
