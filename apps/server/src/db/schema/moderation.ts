/** The tables of moderation (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPEAL_STATUSES, DECISION_ACTIONS, DECISION_GROUNDS, DECISION_SOURCES } from '@cupido/shared/contracts/staff';
import { oneOf } from '../checks';
import { users } from './accounts';
import { profiles } from './profiles';
import { reports } from './reports';
import { sites } from './sites';
import { staffAccounts } from './staff';

/**
 * Moderation decisions (issue 13, features/moderation; trust.md, DSA art. 17): each is sent to the
 * member it concerns as a statement of reasons (what, on which ground, the facts, how to appeal)
 * and can be appealed for APPEAL_WINDOW_MONTHS.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    source: text('source', { enum: DECISION_SOURCES }).notNull(),
    action: text('action', { enum: DECISION_ACTIONS }).notNull(),
    ground: text('ground', { enum: DECISION_GROUNDS }).notNull(),
    /** The facts the decision rests on, as the statement of reasons tells them. */
    facts: text('facts').notNull(),
    /** The member concerned (null once erased, or for a fictional profile without an account). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    photoId: integer('photo_id'),
    messageId: bigint('message_id', { mode: 'number' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    decidedByStaffId: integer('decided_by_staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Outbox of the statement of reasons: null until its mail to the member went out (a job retries until then). */
    statementSentAt: timestamp('statement_sent_at', { withTimezone: true }),
    /** Likewise for the outcome told to the reporter (decisions on reports only). */
    reporterNotifiedAt: timestamp('reporter_notified_at', { withTimezone: true }),
  },
  (t) => [
    index('moderation_decisions_user_idx').on(t.userId, t.createdAt),
    oneOf('moderation_decisions_source_known', t.source, DECISION_SOURCES),
    oneOf('moderation_decisions_action_known', t.action, DECISION_ACTIONS),
    oneOf('moderation_decisions_ground_known', t.ground, DECISION_GROUNDS),
    check('moderation_decisions_suspend_until', sql`(${t.action} = 'suspend') = (${t.suspendedUntil} IS NOT NULL)`),
  ],
);

/** Appeals against decisions: one per decision, decided by another staff member than the decider. */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedByStaffId: integer('decided_by_staff_id').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    outcomeNote: text('outcome_note'),
  },
  (t) => [
    uniqueIndex('appeals_decision_unique').on(t.decisionId),
    index('appeals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    oneOf('appeals_status_known', t.status, APPEAL_STATUSES),
    check('appeals_decided', sql`(${t.status} = 'open') = (${t.decidedAt} IS NULL)`),
  ],
);
