/** The table of partner redirects (issue 31; decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PARTNER_URL_MAX } from '@cupido/shared/rules/partner-redirects';
import { maxLength } from '../checks';
import { sites } from './sites';

/**
 * Where a site sends a visitor who may not sign up on it (spec section 1): per country (ISO code,
 * or '*' for every country without a row of its own), the partner's URL the tracking goes on to.
 */
export const partnerRedirects = pgTable(
  'partner_redirects',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    targetUrl: text('target_url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('partner_redirects_site_country_unique').on(t.siteId, t.country),
    check('partner_redirects_country_code', sql`${t.country} ~ '^([A-Z]{2}|\\*)$'`),
    maxLength('partner_redirects_target_url_length', t.targetUrl, PARTNER_URL_MAX),
  ],
);
