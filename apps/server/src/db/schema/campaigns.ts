/** The tables of campaigns (decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CAMPAIGN_KINDS, CAMPAIGN_STATUSES } from '@cupido/shared/contracts/campaigns';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { oneOf } from '../checks';
import { users } from './accounts';
import { sites } from './sites';
import { staffAccounts } from './staff';

/**
 * Promotions and news that staff write for one site and language (issue 30, decision 043). A
 * draft is edited freely; sending moves it to `sending` once (the audience is written to
 * campaign_recipients in the same transaction), the last mail to `sent`; a draft or a sending
 * campaign can be cancelled.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: CAMPAIGN_KINDS }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    language: text('language', { enum: LOCALE_CODES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    buttonLabel: text('button_label'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    createdBy: integer('created_by').references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** How many members it was queued for when it was sent. */
    audienceCount: integer('audience_count').notNull().default(0),
  },
  (t) => [
    oneOf('campaigns_kind_known', t.kind, CAMPAIGN_KINDS),
    oneOf('campaigns_status_known', t.status, CAMPAIGN_STATUSES),
    oneOf('campaigns_language_known', t.language, LOCALE_CODES),
    index('campaigns_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

export const CAMPAIGN_RECIPIENT_STATUSES = ['queued', 'sent', 'skipped', 'cancelled'] as const;

/**
 * One row per member a campaign was queued for: the mail's job moves it from `queued` to `sent`
 * in the transaction that sends, so each member gets a campaign once, whatever runs twice.
 * `batch` groups the rows of one job.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    status: text('status', { enum: CAMPAIGN_RECIPIENT_STATUSES }).notNull().default('queued'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    oneOf('campaign_recipients_status_known', t.status, CAMPAIGN_RECIPIENT_STATUSES),
    index('campaign_recipients_batch_idx').on(t.campaignId, t.batch),
    index('campaign_recipients_user_idx').on(t.userId),
  ],
);
