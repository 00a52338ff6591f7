import { useQuery } from '@tanstack/react-query';
import type { TPartnerRedirectAnswer, TPublicPromoTile, TPublicPromoTilesAnswer } from '@cupido/shared/contracts/promotions';
import { request, type ApiError } from '../../api/client';
import { readTracking } from '../tracking/tracking';

/** GET /api/promo-tiles.php: this site's enabled tiles for the visitor's country (none by default). */
export function usePromoTiles(enabled = true): TPublicPromoTile[] {
  const query = useQuery<TPublicPromoTilesAnswer, ApiError>({
    queryKey: ['promo-tiles'],
    queryFn: () => request<TPublicPromoTilesAnswer>('/api/promo-tiles.php'),
    enabled,
    staleTime: 5 * 60_000,
    // An advertisement is never worth an error on the page: without an answer there is no tile.
    retry: false,
  });
  return query.data?.tiles ?? [];
}

/**
 * The tracking a partner redirect passes on: what this visit (and, with consent, earlier ones)
 * brought, without the e-mail address, which never leaves for a partner (decision 051).
 */
export function partnerTrackingQuery(): Record<string, string> {
  const { email: _email, ...source } = readTracking();
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** GET /api/partner-redirect.php: the partner for a visitor of `country`, or null (404: none configured). */
export function usePartnerRedirect(country: string | null, enabled: boolean) {
  return useQuery<TPartnerRedirectAnswer | null, ApiError>({
    queryKey: ['partner-redirect', country],
    queryFn: async () => {
      try {
        return await request<TPartnerRedirectAnswer>('/api/partner-redirect.php', {
          query: { ...partnerTrackingQuery(), ...(country ? { country } : {}) },
        });
      } catch (error) {
        if ((error as ApiError).status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
