/**
 * Promo tiles (spec section 1, issue 31, decision 051): a site's live-cam and member-resell tiles.
 * Off by default (a kind without a row is off); the back office turns one on with an https link,
 * an https image and, optionally, the countries it shows in. The member-resell tile can be on only
 * while the site's member_resell setting is: it is checked when saved and again when read, so
 * turning the setting off hides the tile without touching its row.
 */
import { and, eq } from 'drizzle-orm';
import {
  isPromoTileKind,
  PROMO_TILE_KINDS,
  PROMO_URL_MAX,
  promoTileShowsIn,
  promoTrackingParams,
  type PromoTileKind,
} from '@cupido/shared/rules/promotions';
import { type TPromoTile, type TPromoTilesAnswer, type TPromoTileUpdate, type TPublicPromoTile } from '@cupido/shared/contracts/promotions';
import { isHttpsUrl, withQuery } from '@cupido/shared/rules/partner-redirects';
import type { Database } from '../../db/open';
import { promoTiles } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordStaffAction } from '../audit/service';
import { siteById, type Site } from '../sites/service';

export interface PromotionDeps {
  db: Database;
  clock: Clock;
}

type TileRow = typeof promoTiles.$inferSelect;

const invalid = (code: string, field: string) => new AppError(400, code, `staff.promotions.errors.${code}`, {}, field);

async function siteOrNotFound(db: Database, siteId: number): Promise<Site> {
  const site = await siteById(db, siteId);
  if (!site) throw new AppError(404, 'not_found', 'staff.sites.errors.not_found');
  return site;
}

function toTile(kind: PromoTileKind, row: TileRow | undefined): TPromoTile {
  if (!row) return { kind, enabled: false, target_url: '', image_url: '', countries: [], updated_at: null };
  return {
    kind,
    enabled: row.enabled,
    target_url: row.targetUrl,
    image_url: row.imageUrl,
    countries: row.countries,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Both tiles of a site, in PROMO_TILE_KINDS order, with the setting and countries that bound them. */
export async function promoTilesOf(db: Database, siteId: number): Promise<TPromoTilesAnswer> {
  const site = await siteOrNotFound(db, siteId);
  const rows = await db.select().from(promoTiles).where(eq(promoTiles.siteId, siteId));
  return {
    site_id: site.id,
    member_resell: site.memberResell,
    countries: site.countries,
    tiles: PROMO_TILE_KINDS.map((kind) =>
      toTile(
        kind,
        rows.find((row) => row.kind === kind),
      ),
    ),
  };
}

/** The tile as checked: trimmed addresses, upper-case unique countries; the first problem is answered. */
function checkedTile(site: Site, kind: PromoTileKind, input: TPromoTileUpdate) {
  const targetUrl = input.target_url.trim();
  const imageUrl = input.image_url.trim();
  for (const [field, value] of [
    ['target_url', targetUrl],
    ['image_url', imageUrl],
  ] as const) {
    if (value && !isHttpsUrl(value, PROMO_URL_MAX)) throw invalid('url_not_https', field);
    if (!value && input.enabled) throw invalid('url_required', field);
  }
  const countries = [...new Set((input.countries ?? []).map((code) => code.trim().toUpperCase()))];
  if (countries.some((code) => !site.countries.includes(code))) throw invalid('country_not_served', 'countries');
  if (kind === 'member_resell' && input.enabled && !site.memberResell) throw invalid('member_resell_off', 'enabled');
  return { enabled: input.enabled, targetUrl, imageUrl, countries };
}

/** Saves one tile of a site (created on first save), with its audit entry, in one transaction. */
export async function updatePromoTile(
  deps: PromotionDeps,
  staffId: number,
  siteId: number,
  kind: PromoTileKind,
  input: TPromoTileUpdate,
): Promise<TPromoTile> {
  const site = await siteOrNotFound(deps.db, siteId);
  const tile = checkedTile(site, kind, input);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(promoTiles)
      .where(and(eq(promoTiles.siteId, siteId), eq(promoTiles.kind, kind)))
      .for('update');
    const [row] = await tx
      .insert(promoTiles)
      .values({ siteId, kind, ...tile, updatedAt: now })
      .onConflictDoUpdate({ target: [promoTiles.siteId, promoTiles.kind], set: { ...tile, updatedAt: now } })
      .returning();
    const saved = toTile(kind, row);
    const { updated_at: _before, ...beforeFields } = toTile(kind, before);
    const { updated_at: _after, ...afterFields } = saved;
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'promo_tile.update',
        itemType: 'promo_tile',
        itemId: `${siteId}:${kind}`,
        siteId,
        before: beforeFields,
        after: afterFields,
      },
      now,
    );
    return saved;
  });
}

/**
 * The tiles a visitor of `country` sees on `site`: enabled ones whose countries include it (or
 * name none), the member-resell one only while the setting is on; each link with the partner's
 * tracking (promoTrackingParams: the site, the medium, the tile; nothing about the member).
 */
export async function publicPromoTiles(db: Database, site: Site, country: string | null): Promise<TPublicPromoTile[]> {
  const rows = await db
    .select()
    .from(promoTiles)
    .where(and(eq(promoTiles.siteId, site.id), eq(promoTiles.enabled, true)));
  return PROMO_TILE_KINDS.flatMap((kind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row || !isPromoTileKind(row.kind) || !promoTileShowsIn(row.countries, country)) return [];
    if (kind === 'member_resell' && !site.memberResell) return [];
    // Rows are checked when saved; one that is not https any more (edited by hand) is not shown.
    if (!isHttpsUrl(row.targetUrl, PROMO_URL_MAX) || !isHttpsUrl(row.imageUrl, PROMO_URL_MAX)) return [];
    return [{ kind, url: withQuery(row.targetUrl, promoTrackingParams(site.domain, kind), true), image_url: row.imageUrl }];
  });
}
