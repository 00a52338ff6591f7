/** The tables of the operator console (issue 15; decision 021: db/table-owners.ts names each table's owner). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { OPERATOR_NOTE_MAX } from '@cupido/shared/contracts/operator-console';
import { VULNERABILITY_SIGNALS, type TVulnerabilitySignal } from '@cupido/shared/rules/operator-guardrails';
import { arrayOf, maxLength } from '../checks';
import { conversations } from './chats';
import { profiles } from './profiles';
import { sites } from './sites';
import { staffAccounts } from './staff';

/**
 * Who answers a conversation now: one row per claimed conversation, so the primary key makes a
 * claim exclusive in every process. A claim whose `last_seen_at` is older than the site's
 * `operator_claim_idle_minutes` has lapsed and may be taken over by the next claim.
 */
export const operatorClaims = pgTable(
  'operator_claims',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_claims_staff_idx').on(t.staffId)],
);

/** The notes staff keep about a member, per pair of fictional profile and member, shared between operators. */
export const operatorNotes = pgTable(
  'operator_notes',
  {
    fictionalProfileId: integer('fictional_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    memberProfileId: integer('member_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    updatedByStaffId: integer('updated_by_staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fictionalProfileId, t.memberProfileId] }),
    maxLength('operator_notes_body_length', t.body, OPERATOR_NOTE_MAX),
  ],
);

/**
 * One row per answer staff gave: which conversation, who, the message, since when the member had
 * waited and when the answer went. The dashboard's figures per operator and day, and the median
 * and p90 time to answer, read it.
 */
export const operatorAnswers = pgTable(
  'operator_answers',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    waitedSince: timestamp('waited_since', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('operator_answers_message_unique').on(t.messageId),
    index('operator_answers_answered_idx').on(t.answeredAt),
    index('operator_answers_site_answered_idx').on(t.siteId, t.answeredAt),
    // "Answered recently?" before a claim of a conversation that no longer waits.
    index('operator_answers_conversation_idx').on(t.conversationId, t.answeredAt),
    check('operator_answers_waited_before_answer', sql`${t.waitedSince} <= ${t.answeredAt}`),
  ],
);

/**
 * Members flagged as vulnerable: by the signals of their messages (`signals`) or marked by staff
 * (`marked_by_staff_id`). Their conversations with fictional profiles carry the site's spending
 * reminder, and the console flags them.
 */
export const vulnerableMembers = pgTable(
  'vulnerable_members',
  {
    memberProfileId: integer('member_profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    signals: jsonb('signals').$type<TVulnerabilitySignal[]>().notNull().default([]),
    markedByStaffId: integer('marked_by_staff_id').references(() => staffAccounts.id),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
  },
  (t) => [arrayOf('vulnerable_members_signals_known', t.signals, VULNERABILITY_SIGNALS)],
);
