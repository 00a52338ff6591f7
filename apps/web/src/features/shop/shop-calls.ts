import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type {
  TCreatePaymentAnswer,
  TCreatePaymentRequest,
  TLastOrderAnswer,
  TPackagesAnswer,
  TTransactionAnswer,
} from '@cupido/shared/contracts/payments';
import { ApiError, apiGet, apiPost } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { SESSION_QUERY_KEY, useSession } from '../session/use-session';
import { isFinalPaymentStatus, TRANSACTION_POLL_MS } from '@cupido/shared/rules/payments';
import { newIdempotencyKey } from './idempotency-key';

/** What the packages were asked for: the payment country and a discount code, both optional (the server picks the defaults). */
export interface PackagesChoice {
  country?: string;
  code?: string;
}

export const PACKAGES_QUERY_KEY = ['credit-packages'] as const;

/** GET /api/credit-packages.php?country=&code= (a code the server does not accept is an error with its message). */
export function usePackages({ country, code }: PackagesChoice, enabled = true) {
  const { user } = useSession();
  return useQuery({
    // Keyed by the member: the active discount (time bonus, a redeemed code) is theirs.
    queryKey: [...PACKAGES_QUERY_KEY, user?.id ?? 0, country ?? '', code ?? ''],
    queryFn: () => {
      const query: Record<string, string> = {};
      if (country) query.country = country;
      if (code) query.code = code;
      return apiGet<TPackagesAnswer>('/api/credit-packages.php', query);
    },
    enabled,
    // Another country keeps the cards in place while its prices load.
    placeholderData: code ? undefined : keepPreviousData,
  });
}

/**
 * GET /api/repeat-order.php: the member's last paid order, or null when they never paid (404).
 * Only asked for a paying member (any purchase makes one): for everyone else the answer is a 404,
 * which the browser logs as an error on every visit to the shop.
 */
export function useLastOrder() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['last-order', user?.id ?? 0, user?.paid_user === true],
    queryFn: async () => {
      if (user?.paid_user !== true) return null;
      try {
        return await apiGet<TLastOrderAnswer>('/api/repeat-order.php');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export const TRANSACTION_QUERY_KEY = ['transaction'] as const;

/**
 * GET /api/transaction.php?id=, asked again every TRANSACTION_POLL_MS while the payment is open or pending.
 * React Query stops the polling when the status is final, on an error and when the page unmounts.
 */
export function useTransaction(id: number) {
  return useQuery({
    queryKey: [...TRANSACTION_QUERY_KEY, id],
    queryFn: () => apiGet<TTransactionAnswer>('/api/transaction.php', { id: String(id) }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (query.state.status === 'error' || (status && isFinalPaymentStatus(status))) return false;
      return TRANSACTION_POLL_MS;
    },
    // A result page never shows an old status: every visit asks.
    staleTime: 0,
  });
}

/** After a payment is paid: the navigation's credits and Premium come from the refreshed session. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** What the member reads when a call failed: the server's (translated) word, else the generic error. */
export function shopErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return i18n.t('errors.generic.text');
}

/**
 * One idempotency key per checkout: the same for every click and retry of the same order (a double
 * click or a retried call creates one payment), a new one as soon as the order is another.
 */
function useIdempotencyKey() {
  const current = useRef<{ order: string; key: string } | null>(null);
  return (order: string): string => {
    if (current.current?.order !== order) current.current = { order, key: newIdempotencyKey() };
    return current.current.key;
  };
}

/** The provider's checkout is another site: a full page load, never a router navigation. */
function goToProvider(answer: TCreatePaymentAnswer) {
  window.location.assign(answer.redirect_url);
}

type PaymentOrder = Omit<TCreatePaymentRequest, 'idempotency_key' | 'withdrawal_consent'>;

/** POST /api/payment.php, then off to the provider's checkout. */
export function useCreatePayment() {
  const keyFor = useIdempotencyKey();
  return useMutation<TCreatePaymentAnswer, ApiError, PaymentOrder>({
    mutationFn: (order) =>
      apiPost<TCreatePaymentAnswer>('/api/payment.php', {
        ...order,
        withdrawal_consent: true,
        idempotency_key: keyFor(JSON.stringify(order)),
      } satisfies TCreatePaymentRequest),
    onSuccess: goToProvider,
  });
}

/** POST /api/repeat-order.php: the last order again, then off to the provider's checkout. */
export function useRepeatOrder() {
  const keyFor = useIdempotencyKey();
  return useMutation<TCreatePaymentAnswer, ApiError, void>({
    mutationFn: () =>
      apiPost<TCreatePaymentAnswer>('/api/repeat-order.php', { withdrawal_consent: true, idempotency_key: keyFor('repeat') }),
    onSuccess: goToProvider,
  });
}
