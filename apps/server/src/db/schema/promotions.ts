/** The table of promo tiles (issue 31; decision 021: db/table-owners.ts names each table's owning feature). */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROMO_TILE_KINDS, PROMO_URL_MAX } from '@cupido/shared/rules/promotions';
import { maxLength, oneOf } from '../checks';
import { sites } from './sites';

/**
 * A site's live-cam or member-resell tile (spec section 1): off until the operator turns it on,
 * where it leads, its image, and the countries it shows in (empty: every country of the site).
 */
export const promoTiles = pgTable(
  'promo_tiles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROMO_TILE_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    targetUrl: text('target_url').notNull(),
    imageUrl: text('image_url').notNull(),
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promo_tiles_site_kind_unique').on(t.siteId, t.kind),
    oneOf('promo_tiles_kind_known', t.kind, PROMO_TILE_KINDS),
    maxLength('promo_tiles_target_url_length', t.targetUrl, PROMO_URL_MAX),
    maxLength('promo_tiles_image_url_length', t.imageUrl, PROMO_URL_MAX),
  ],
);
