/** The table of complaints (issue 31; decision 021: db/table-owners.ts names each table's owning feature). */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COMPLAINT_NAME_MAX, COMPLAINT_NOTE_MAX, COMPLAINT_TEXT_MAX, COMPLAINT_TOPICS } from '@cupido/shared/rules/complaints';
import { COMPLAINT_STATUSES } from '@cupido/shared/contracts/complaints';
import { EMAIL_MAX_LENGTH } from '@cupido/shared/rules/email';
import { maxLength, oneOf } from '../checks';
import { users } from './accounts';
import { sites } from './sites';

/**
 * Complaints filed on /complaints by a visitor or a member: the site it came through, the
 * complainant's words and the address the answer goes to, and staff's note once answered. A
 * complaint outlives the complainant's account (user set null) as a record of how it was handled;
 * the account's erasure removes its name and address (features/complaints/erasure.ts).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    text: text('text').notNull(),
    locale: text('locale').notNull(),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The staff account that marked it answered (no foreign key: the audit log names staff, and staff accounts are never deleted). */
    answeredBy: integer('answered_by'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('complaints_status_created_idx').on(t.status, t.createdAt),
    index('complaints_user_idx').on(t.userId),
    oneOf('complaints_status_known', t.status, COMPLAINT_STATUSES),
    oneOf('complaints_topic_known', t.topic, COMPLAINT_TOPICS),
    maxLength('complaints_text_length', t.text, COMPLAINT_TEXT_MAX),
    maxLength('complaints_name_length', t.name, COMPLAINT_NAME_MAX),
    maxLength('complaints_email_length', t.email, EMAIL_MAX_LENGTH),
    maxLength('complaints_note_length', t.note, COMPLAINT_NOTE_MAX),
  ],
);
