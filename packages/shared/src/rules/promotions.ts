/**
 * Promo tiles (spec section 1; issue 31): a live-cam tile and a member-resell tile, configured per
 * site in the back office, always labelled as an advertisement. Zod-free, shared by the server,
 * the back office and the member app.
 */

export const PROMO_TILE_KINDS = ['live_cam', 'member_resell'] as const;
export type PromoTileKind = (typeof PROMO_TILE_KINDS)[number];

/** Most characters of a tile's target or image URL. */
export const PROMO_URL_MAX = 2000;

/** Both kinds, labelled in the back office; the member app names neither (the tile is its image). */
export const isPromoTileKind = (value: string): value is PromoTileKind => (PROMO_TILE_KINDS as readonly string[]).includes(value);

/** A search results page shows its tiles after this many member cards (then once more after twice as many). */
export const PROMO_TILE_AFTER_CARDS = 6;

/**
 * The tracking a tile's partner gets (decision 051): where the click came from (the site's
 * domain), that it was a promo tile, and which one. Nothing about the member: an operator's own
 * parameters of the same name are kept.
 */
export function promoTrackingParams(siteDomain: string, kind: PromoTileKind): Record<string, string> {
  return { utm_source: siteDomain, utm_medium: 'promo_tile', utm_campaign: kind };
}

/** True when a tile of `countries` shows to a visitor of `country` (an empty list: to everyone). */
export function promoTileShowsIn(countries: readonly string[], country: string | null): boolean {
  return countries.length === 0 || (country !== null && countries.includes(country));
}
