import { useMutation, useQuery } from '@tanstack/react-query';
import type { TPackagesAnswer } from '@cupido/shared/contracts/payments';
import type { TDirectDebitAnswer } from '@cupido/shared/contracts/direct-debit';
import { ApiError, request } from '../../api/client';
import type { DirectDebitRequest } from './direct-debit-rules';

/** GET /api/credit-packages.php for the summary: the package's price with the active discount, and whether direct debit is offered. */
export function useDirectDebitPackages(query: { country?: string; code?: string }) {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<string, string>;
  return useQuery<TPackagesAnswer, ApiError>({
    queryKey: ['direct-debit-packages', params],
    queryFn: () => request<TPackagesAnswer>('/api/credit-packages.php', { query: params }),
  });
}

/**
 * POST /api/directdebit.php: without `otp` it sends a code by SMS (`resend` for a new one); with
 * it the direct debit is started and the answer names the transaction page. Never retried by
 * the app: the member decides (a code is on its way, or the code was wrong).
 */
export function useDirectDebitCall() {
  return useMutation<TDirectDebitAnswer, ApiError, DirectDebitRequest & { otp?: string; resend?: boolean }>({
    mutationFn: (body) => request<TDirectDebitAnswer>('/api/directdebit.php', { method: 'POST', body }),
  });
}
