/** The tables of reports (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_TEXT_MAX } from '@cupido/shared/contracts/reports';
import { maxLength, oneOf } from '../checks';
import { users } from './accounts';
import { photos } from './photos';
import { profiles } from './profiles';

/** A report stays 'open' until a moderation tool closes it; the server's own list (decision 020). */
export const REPORT_STATUSES = ['open', 'closed'] as const;

/**
 * Reports of a profile (or one of its photos) for moderation (trust.md, EU Digital Services Act):
 * the reporter, the exact item, a reason, the reporter's words and their good-faith statement.
 * One open report per reporter and profile (partial unique index); a moderation tool closes them.
 * A report outlives the reporter's account (reporter set null) but not the reported profile.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportedProfileId: integer('reported_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /**
     * A reported chat message (issue 12): its id and its text as reported, kept so moderation
     * sees what was said even after the conversation is deleted (no foreign key: reports own no
     * chat rows, and the snapshot is the evidence).
     */
    messageId: bigint('message_id', { mode: 'number' }),
    messageText: text('message_text'),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    goodFaith: boolean('good_faith').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The moderation decision that closed the report (issue 13; features/moderation owns it). */
    decisionId: integer('decision_id'),
  },
  (t) => [
    uniqueIndex('reports_open_per_reporter_idx')
      .on(t.reporterUserId, t.reportedProfileId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    oneOf('reports_status_known', t.status, REPORT_STATUSES),
    oneOf('reports_reason_known', t.reason, REPORT_REASONS),
    maxLength('reports_text_length', t.text, REPORT_TEXT_MAX),
  ],
);
