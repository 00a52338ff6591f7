/** The tables of chats (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { maxLength, notNegative, oneOf } from '../checks';
import { MESSAGE_HARD_MAX_LENGTH, MESSAGE_KINDS } from '@cupido/shared/rules/chats';
import { GIFT_CODES } from '@cupido/shared/rules/gifts';
import { profiles } from './profiles';
import { sites } from './sites';

/**
 * Conversations (issue 12; features/chats): one per pair of profiles, the lower profile id first,
 * started by whoever sent the first message (free members may start FREE_CONVERSATIONS_STARTED).
 * `last_message_id` orders the lists and tells what a member has not read. `awaiting_staff_since`
 * is set while a member's message to a fictional profile waits for staff to answer (back office).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    lowProfileId: integer('low_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    highProfileId: integer('high_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    startedByProfileId: integer('started_by_profile_id').notNull(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    awaitingStaffSince: timestamp('awaiting_staff_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.lowProfileId, t.highProfileId),
    index('conversations_high_profile_idx').on(t.highProfileId),
    // Counting the conversations a member started (the free limit).
    index('conversations_started_by_idx').on(t.startedByProfileId),
    // The staff queue: oldest waiting first.
    index('conversations_awaiting_staff_idx')
      .on(t.awaitingStaffSince)
      .where(sql`${t.awaitingStaffSince} IS NOT NULL`),
    // The operator console's queue of one site (issue 15), oldest first, keyset on (since, id).
    index('conversations_site_awaiting_staff_idx')
      .on(t.siteId, t.awaitingStaffSince, t.id)
      .where(sql`${t.awaitingStaffSince} IS NOT NULL`),
    check('conversations_pair_ordered', sql`${t.lowProfileId} < ${t.highProfileId}`),
    check('conversations_started_by_member', sql`${t.startedByProfileId} IN (${t.lowProfileId}, ${t.highProfileId})`),
    notNegative('conversations_last_message_id_not_negative', t.lastMessageId),
  ],
);

/**
 * Each side of a conversation: how far that member's app received and read it (message ids only
 * grow, so "unread" is the partner's messages after read_up_to), what they removed (DELETE
 * /api/chat.php hides every message up to removed_up_to; a newer one brings the conversation
 * back), whether it is hidden while their account waits for deletion, and a draft.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deliveredUpTo: bigint('delivered_up_to', { mode: 'number' }).notNull().default(0),
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
    removedUpTo: bigint('removed_up_to', { mode: 'number' }).notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    draft: text('draft'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.profileId] }),
    // A member's conversations.
    index('conversation_members_profile_idx').on(t.profileId, t.conversationId),
    notNegative('conversation_members_delivered_not_negative', t.deliveredUpTo),
    notNegative('conversation_members_read_not_negative', t.readUpTo),
    notNegative('conversation_members_removed_not_negative', t.removedUpTo),
    maxLength('conversation_members_draft_length', t.draft, MESSAGE_HARD_MAX_LENGTH),
  ],
);

/**
 * Messages (issue 12). Stored first, with their credit entry in the same transaction, then
 * published. `client_id` is the sender's app's id for it: the same id again answers this row.
 * An image message points at its stored files by `image_key`; `staff_user_id` records which
 * staff account wrote a fictional profile's message (trust.md; back office).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderProfileId: integer('sender_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    body: text('body'),
    gift: text('gift', { enum: GIFT_CODES }),
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    clientId: text('client_id'),
    credits: integer('credits').notNull().default(0),
    staffUserId: integer('staff_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    // The notifier reads the messages of the last minutes (features/notifications): append-only, so cheap to keep.
    index('messages_created_at_idx').on(t.createdAt),
    uniqueIndex('messages_sender_client_id_unique').on(t.senderProfileId, t.clientId),
    oneOf('messages_kind_known', t.kind, MESSAGE_KINDS),
    oneOf('messages_gift_known', t.gift, GIFT_CODES),
    maxLength('messages_body_length', t.body, MESSAGE_HARD_MAX_LENGTH),
    notNegative('messages_credits_not_negative', t.credits),
    check(
      'messages_kind_content',
      sql`(${t.kind} = 'text' AND ${t.body} IS NOT NULL AND ${t.gift} IS NULL AND ${t.imageKey} IS NULL)
        OR (${t.kind} = 'gift' AND ${t.gift} IS NOT NULL AND ${t.body} IS NULL AND ${t.imageKey} IS NULL)
        OR (${t.kind} = 'image' AND ${t.imageKey} IS NOT NULL AND ${t.body} IS NULL AND ${t.gift} IS NULL)`,
    ),
  ],
);
