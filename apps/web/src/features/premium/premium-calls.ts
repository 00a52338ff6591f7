import { useQuery } from '@tanstack/react-query';
import type { TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { request } from '../../api/client';
import { useSession } from '../session/use-session';

/** Not the shop's cache entry: /pricing asks without a chosen country or code. */
export const PRICING_QUERY_KEY = ['pricing-packages'] as const;

/**
 * GET /api/credit-packages.php: the site's packages in the payer's currency (the member's payment
 * country, a visitor's detected one), with a member's active discount applied. Visitors ask too:
 * prices before signup (issue 29, consumer law). The key follows the session, so logging in or out
 * asks again.
 */
export function usePricingPackages() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...PRICING_QUERY_KEY, user?.id ?? 0],
    queryFn: () => request<TPackagesAnswer>('/api/credit-packages.php'),
  });
}
