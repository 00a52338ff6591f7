import { useQuery } from '@tanstack/react-query';
import type { TPackagesAnswer } from '@cupido/shared/payments';
import { request } from '../../api/client';
import { useSession } from '../session/use-session';

/** Not the shop's cache entry: /pricing asks without a chosen country or code. */
export const PRICING_QUERY_KEY = ['pricing-packages'] as const;

/**
 * GET /api/credit-packages.php: the site's packages for the member's payment country, with the
 * active discount applied. The call is for members only, so visitors never ask.
 */
export function usePricingPackages() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...PRICING_QUERY_KEY, user?.id ?? 0],
    queryFn: () => request<TPackagesAnswer>('/api/credit-packages.php'),
    enabled: !!user,
  });
}
