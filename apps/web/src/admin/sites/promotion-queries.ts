/** The calls of a site's promo tiles and partner redirects (issue 31, decision 051), as react-query keys and functions. */
import type { PromoTileKind } from '@cupido/shared/rules/promotions';
import type {
  TPartnerRedirect,
  TPartnerRedirectsAnswer,
  TPartnerRedirectUpdate,
  TPromoTile,
  TPromoTilesAnswer,
  TPromoTileUpdate,
} from '@cupido/shared/contracts/promotions';
import { adminFetch } from '../api';

export const promoTilesKey = (siteId: number) => ['admin', 'sites', siteId, 'promo-tiles'] as const;
export const partnerRedirectsKey = (siteId: number) => ['admin', 'sites', siteId, 'partner-redirects'] as const;

export const fetchPromoTiles = (siteId: number) => adminFetch<TPromoTilesAnswer>(`/sites/${siteId}/promo-tiles`);
export const savePromoTile = (siteId: number, kind: PromoTileKind, body: TPromoTileUpdate) =>
  adminFetch<TPromoTile>(`/sites/${siteId}/promo-tiles/${kind}`, { method: 'PUT', body });

export const fetchPartnerRedirects = (siteId: number) => adminFetch<TPartnerRedirectsAnswer>(`/sites/${siteId}/partner-redirects`);
export const savePartnerRedirect = (siteId: number, country: string, body: TPartnerRedirectUpdate) =>
  adminFetch<TPartnerRedirect>(`/sites/${siteId}/partner-redirects/${encodeURIComponent(country)}`, { method: 'PUT', body });
export const deletePartnerRedirect = (siteId: number, country: string) =>
  adminFetch<{ ok: true }>(`/sites/${siteId}/partner-redirects/${encodeURIComponent(country)}`, { method: 'DELETE' });
