/** The tables of traffic (issue 31; decision 021: db/table-owners.ts names each table's owning feature). */
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRACKING_VALUE_MAX } from '@cupido/shared/rules/tracking';
import { maxLength } from '../checks';
import { sites } from './sites';

/** Most characters of a logged page path (a lander's path and slug are far shorter). */
export const PAGE_VISIT_PATH_MAX = 200;

/**
 * Page visits with bounce logging (spec sections 2 and 7: a page opened with `lb` in its query):
 * the site, the page, when it was opened and when it was last hidden, and the traffic source only
 * when the visitor allowed ad tracking (decision 024). No person, no address: the random token
 * in the visit's cookie ties the page-hidden beacon to its visit and to nothing else.
 */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    path: text('path').notNull(),
    network: text('network'),
    ref: text('ref'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('page_visits_token_idx').on(t.token),
    index('page_visits_site_started_idx').on(t.siteId, t.startedAt),
    maxLength('page_visits_path_length', t.path, PAGE_VISIT_PATH_MAX),
    maxLength('page_visits_network_length', t.network, TRACKING_VALUE_MAX),
    maxLength('page_visits_ref_length', t.ref, TRACKING_VALUE_MAX),
    maxLength('page_visits_sub1_length', t.sub1, TRACKING_VALUE_MAX),
    maxLength('page_visits_sub2_length', t.sub2, TRACKING_VALUE_MAX),
    maxLength('page_visits_sub3_length', t.sub3, TRACKING_VALUE_MAX),
  ],
);

/**
 * The traffic figures' attribution of a member (decision 054): where their signup came from, so
 * the activation and first purchase count for the same lander, network and sub without reading
 * accounts' table. '' stands for "none" (no consent, no value). Goes with account.erased; the
 * day's figures it fed stay, with no person in them.
 */
export const trafficMembers = pgTable(
  'traffic_members',
  {
    userId: integer('user_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    landingPage: text('landing_page').notNull(),
    network: text('network').notNull(),
    sub1: text('sub1').notNull(),
    signupDay: date('signup_day', { mode: 'string' }).notNull(),
    /** When the activation was counted (once). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** When the first purchase was counted (the member counts as a buyer once). */
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
  },
  (t) => [
    maxLength('traffic_members_landing_page_length', t.landingPage, PAGE_VISIT_PATH_MAX),
    maxLength('traffic_members_network_length', t.network, TRACKING_VALUE_MAX),
    maxLength('traffic_members_sub1_length', t.sub1, TRACKING_VALUE_MAX),
  ],
);

/**
 * The traffic figures per UTC day, site, landing page, network and sub1 (decision 054): counters
 * added to in the transaction of the fact they count (a visit logged, a page hidden, a signup, an
 * activation, a first purchase), so a year of 20 sites is a few hundred thousand rows to add up.
 */
export const trafficDaily = pgTable(
  'traffic_daily',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    landingPage: text('landing_page').notNull(),
    network: text('network').notNull(),
    sub1: text('sub1').notNull(),
    visits: integer('visits').notNull().default(0),
    bounces: integer('bounces').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    activations: integer('activations').notNull().default(0),
    buyers: integer('buyers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.landingPage, t.network, t.sub1] }), index('traffic_daily_day_idx').on(t.day)],
);

/** Revenue of the same keys per currency (minor units; every completed payment, never added across currencies). */
export const trafficDailyRevenue = pgTable(
  'traffic_daily_revenue',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    landingPage: text('landing_page').notNull(),
    network: text('network').notNull(),
    sub1: text('sub1').notNull(),
    currency: text('currency').notNull(),
    payments: integer('payments').notNull().default(0),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.landingPage, t.network, t.sub1, t.currency] }),
    index('traffic_daily_revenue_day_idx').on(t.day),
  ],
);
