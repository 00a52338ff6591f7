import { z } from 'zod';
import { ZCountryCode } from './contracts';
import { zText } from './input';
import { ANY_COUNTRY, PARTNER_URL_MAX } from '../rules/partner-redirects';
import { PROMO_TILE_KINDS, PROMO_URL_MAX } from '../rules/promotions';

/**
 * Promo tiles and partner redirects (spec section 1, issue 31, decision 051): the calls of the
 * back office (site settings, permission sites.edit) and the two public reads of the member app.
 * The rules are zod-free in shared/rules/promotions.ts and shared/rules/partner-redirects.ts (the web chunks use them).
 */

export const ZPromoTileKind = z.enum(PROMO_TILE_KINDS);

/** A tile as the back office edits it; a kind without a row is answered off, with empty addresses. */
export const ZPromoTile = z.object({
  kind: ZPromoTileKind,
  enabled: z.boolean(),
  target_url: z.string(),
  image_url: z.string(),
  countries: z.array(ZCountryCode).meta({ description: 'Where it shows; empty: to every visitor of the site' }),
  updated_at: z.string().nullable().meta({ description: 'null: never saved (off)' }),
});
export type TPromoTile = z.infer<typeof ZPromoTile>;

/** GET /admin/api/sites/:id/promo-tiles: both tiles, and what decides whether they can show. */
export const ZPromoTilesAnswer = z.object({
  site_id: z.number().int(),
  member_resell: z.boolean().meta({ description: "The site's member_resell setting: the member-resell tile can be on only while it is" }),
  countries: z.array(ZCountryCode).meta({ description: "The site's countries, the choice a tile's countries come from" }),
  tiles: z.array(ZPromoTile),
});
export type TPromoTilesAnswer = z.infer<typeof ZPromoTilesAnswer>;

/** PUT /admin/api/sites/:id/promo-tiles/:kind. */
export const ZPromoTileUpdate = z.object({
  enabled: z.boolean(),
  target_url: zText(PROMO_URL_MAX * 2).meta({ description: 'https only; required when enabled' }),
  image_url: zText(PROMO_URL_MAX * 2).meta({ description: 'https only; required when enabled' }),
  countries: z.array(zText(8)).max(300).default([]),
});
export type TPromoTileUpdate = z.input<typeof ZPromoTileUpdate>;

/** A tile as the member app shows it: the link (with the partner's tracking) and the image. */
export const ZPublicPromoTile = z.object({
  kind: ZPromoTileKind,
  url: z.string(),
  image_url: z.string(),
});
export type TPublicPromoTile = z.infer<typeof ZPublicPromoTile>;

/** GET /api/promo-tiles.php: the site's enabled tiles for the visitor's country. */
export const ZPublicPromoTilesAnswer = z.object({ tiles: z.array(ZPublicPromoTile) });
export type TPublicPromoTilesAnswer = z.infer<typeof ZPublicPromoTilesAnswer>;

/** Error codes of the back office's promo-tile and partner-redirect calls (staff.promotions.errors.*). */
export const PROMOTION_ERROR_CODES = [
  /** 400 (target_url or image_url): not an https address. */
  'url_not_https',
  /** 400 (target_url or image_url): an enabled tile needs both. */
  'url_required',
  /** 400 (countries): not one of the site's countries. */
  'country_not_served',
  /** 400 (country): not an ISO country code or '*'. */
  'invalid_country',
  /** 400 (enabled): the member-resell tile while the site's member_resell setting is off. */
  'member_resell_off',
  /** 404: no redirect for that country. */
  'redirect_not_found',
] as const;

/** A partner redirect in the back office. */
export const ZPartnerRedirect = z.object({
  country: z.string().meta({ description: `An ISO country code, or '${ANY_COUNTRY}' for every country without a row of its own` }),
  target_url: z.string(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type TPartnerRedirect = z.infer<typeof ZPartnerRedirect>;

/** GET /admin/api/sites/:id/partner-redirects. */
export const ZPartnerRedirectsAnswer = z.object({
  site_id: z.number().int(),
  countries: z
    .array(ZCountryCode)
    .meta({ description: "The site's countries (a visitor of another country, or one signups are closed to, is redirected)" }),
  redirects: z.array(ZPartnerRedirect),
});
export type TPartnerRedirectsAnswer = z.infer<typeof ZPartnerRedirectsAnswer>;

/** PUT /admin/api/sites/:id/partner-redirects/:country. */
export const ZPartnerRedirectUpdate = z.object({
  target_url: zText(PARTNER_URL_MAX * 2).meta({ description: 'https only' }),
  enabled: z.boolean().default(true),
});
export type TPartnerRedirectUpdate = z.input<typeof ZPartnerRedirectUpdate>;

/** GET /api/partner-redirect.php: where to send a visitor who may not sign up here. */
export const ZPartnerRedirectAnswer = z.object({
  url: z.string().meta({ description: "The partner's address with the visitor's cleaned tracking parameters (never the e-mail address)" }),
  host: z.string().meta({ description: 'The host name the notice names' }),
});
export type TPartnerRedirectAnswer = z.infer<typeof ZPartnerRedirectAnswer>;
