/** The tables of conversion postbacks (issue 31; decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  POSTBACK_ANSWER_MAX,
  POSTBACK_CALL_STATUSES,
  POSTBACK_EVENTS,
  POSTBACK_NETWORK_MAX,
  POSTBACK_URL_MAX,
} from '@cupido/shared/rules/postbacks';
import { maxLength, oneOf } from '../checks';
import { sites } from './sites';

/**
 * An affiliate network of a site, configured in the back office: the `network` tracking value it
 * answers to and the https URL template called on each event (placeholders such as {ref}, {sub1},
 * {event}, {amount}).
 */
export const postbackNetworks = pgTable(
  'postback_networks',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    urlTemplate: text('url_template').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('postback_networks_site_network_unique').on(t.siteId, t.network),
    maxLength('postback_networks_network_length', t.network, POSTBACK_NETWORK_MAX),
    maxLength('postback_networks_url_template_length', t.urlTemplate, POSTBACK_URL_MAX),
  ],
);

/**
 * A member who signed up through a network with the ad-tracking consent: the tracking values the
 * later events (activation, first purchase) are reported with. Postbacks keeps its own copy, so it
 * never reads the accounts' table; the account's erasure or a withdrawn consent removes it.
 */
export const postbackSubjects = pgTable(
  'postback_subjects',
  {
    /** The member's account id (no foreign key: accounts' erasure event removes the row). */
    userId: integer('user_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    networkId: integer('network_id')
      .notNull()
      .references(() => postbackNetworks.id, { onDelete: 'cascade' }),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('postback_subjects_network_idx').on(t.networkId)],
);

/**
 * One call per network, member and event (the unique index makes a retry or a second process a
 * no-op): the URL as filled in, where it stands, and the network's answer for the back office's log.
 */
export const postbackCalls = pgTable(
  'postback_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    networkId: integer('network_id')
      .notNull()
      .references(() => postbackNetworks.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    event: text('event', { enum: POSTBACK_EVENTS }).notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: POSTBACK_CALL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    answerStatus: integer('answer_status'),
    answerBody: text('answer_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('postback_calls_once_unique').on(t.networkId, t.userId, t.event),
    index('postback_calls_network_created_idx').on(t.networkId, t.createdAt),
    // The sweep's question every ten minutes (delivery.ts): only the few calls still pending.
    index('postback_calls_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    oneOf('postback_calls_event_known', t.event, POSTBACK_EVENTS),
    oneOf('postback_calls_status_known', t.status, POSTBACK_CALL_STATUSES),
    maxLength('postback_calls_url_length', t.url, POSTBACK_URL_MAX),
    maxLength('postback_calls_answer_length', t.answerBody, POSTBACK_ANSWER_MAX),
  ],
);
