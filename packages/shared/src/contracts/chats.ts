import { z } from 'zod';
import { zId, zText } from './input';
import { ZProfileCard } from './profiles';
import { ZLikeState } from './likes';
import { REPORT_REASONS, REPORT_TEXT_MAX } from './reports';
import { GIFT_CODES } from '../rules/gifts';
import { MESSAGE_HARD_MAX_LENGTH, MESSAGE_KINDS, MESSAGE_STATES, SEND_BLOCKED_REASONS } from '../rules/chats';

/**
 * Chats (spec sections 2, 3, 4, 7 and 8; issue 12; decision 028): the contracts of the chat calls.
 * A conversation joins two profiles; a message is stored (with its credit entry) before anyone
 * hears of it, then the live channel (live.ts) tells both members' open tabs. Messages are sent
 * over HTTP with a client-generated id, so a retry after a lost answer stores nothing twice.
 */

/** A message id: bigint in the database, always below 2^53. */
export const zMessageId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A client-generated message id (UUID): the same id sent twice stores one message. */
export const zClientId = () =>
  z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .meta({ description: 'UUID the app made for this message; sending it again answers the stored message' });

export const ZMessageState = z
  .enum(MESSAGE_STATES)
  .meta({ description: 'Own messages: sent (stored), delivered (reached the partner’s app), read' });

export const ZChatImage = z.object({
  thumb_url: z.string().meta({ description: 'Only the two members of the conversation can fetch it' }),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** One message (spec section 3: messages each with conversation.id). */
export const ZChatMessage = z.object({
  id: zMessageId(),
  conversation: z.object({ id: z.number().int() }),
  client_id: z.string().nullable(),
  from_me: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string().nullable().meta({ description: 'The text of a text message; null for images and gifts' }),
  image: ZChatImage.nullable(),
  gift: z.enum(GIFT_CODES).nullable(),
  created_at: z.string(),
  state: ZMessageState.nullable().meta({ description: 'For the member’s own messages; null for the partner’s' }),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** What the conversation list shows of the last message. */
export const ZLastMessage = z.object({
  id: zMessageId(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string().nullable().meta({ description: 'The start of a text message; null for images and gifts' }),
  gift: z.enum(GIFT_CODES).nullable(),
  from_me: z.boolean(),
  created_at: z.string(),
  state: ZMessageState.nullable(),
});

/** One entry of GET /api/chats.php (spec section 3: chat item). */
export const ZChatItem = z.object({
  conversation: z.number().int().meta({ description: 'Conversation id' }),
  profile: z.number().int().meta({ description: 'The partner’s profile id' }),
  num_unread_messages: z.number().int(),
  partner: ZProfileCard,
  last_message: ZLastMessage.nullable(),
  updated_at: z.string().meta({ description: 'Time of the last message, or of the start' }),
});
export type TChatItem = z.infer<typeof ZChatItem>;

/** GET /api/chats.php: the member's conversations, latest activity first. */
export const ZChatsAnswer = z.object({
  chats: z.array(ZChatItem),
  unread_total: z.number().int().meta({ description: 'Unread messages of all conversations (the Messages badge)' }),
});
export type TChatsAnswer = z.infer<typeof ZChatsAnswer>;

/** GET /api/chat.php: one conversation, by its id or by the partner's profile (/members/{id}/chat). */
/**
 * Resync is per conversation: a send holds its conversation's row lock while the message gets its
 * id, so within one conversation ids grow in commit order and "after the last id I saw" misses
 * nothing (across conversations two sends may commit out of id order, so there is no global cursor).
 */
export const ZChatQuery = z.looseObject({
  conversation: zText(20).optional().meta({ description: 'Conversation id' }),
  profile: zText(20).optional().meta({ description: 'The partner’s profile id, when there may be no conversation yet' }),
  before: zText(20).optional().meta({ description: 'A message id: the page of older messages before it' }),
  after: zText(20).optional().meta({
    description:
      'A message id: the messages after it, oldest first, up to CHAT_SYNC_LIMIT (a resync after a dropped connection; has_newer says whether more follow)',
  }),
});

export const ZChatPartner = ZProfileCard.extend({
  like_state: ZLikeState,
  fictional: z
    .object({ icon: z.string(), singular: z.string(), warning: z.string() })
    .nullable()
    .meta({ description: 'The site’s fictional badge and notice, present exactly for a fictional profile' }),
});

export const ZChatAnswer = z.object({
  conversation: z.number().int().nullable().meta({ description: 'Null until the first message' }),
  partner: ZChatPartner,
  messages: z.array(ZChatMessage).meta({ description: `Oldest first; at most one page` }),
  has_older: z.boolean().meta({ description: 'Older messages can be loaded with before=<first id>' }),
  has_newer: z.boolean().meta({ description: 'With after=: more messages follow; ask again with after=<last id>' }),
  older_hidden: z.boolean().meta({ description: 'Older messages exist but lie outside the site’s history window (privacy notice)' }),
  send_blocked: z.enum(SEND_BLOCKED_REASONS).nullable().meta({ description: 'Why the member cannot send here now, or null' }),
  account_unconfirmed: z
    .boolean()
    .meta({ description: 'The member has not confirmed their e-mail: their partners cannot reply yet (reminder)' }),
  draft: z.string().nullable().meta({ description: 'Text waiting in the box, e.g. a signup message the credits did not cover' }),
  spending_reminder: z.string().nullable().meta({
    description:
      'The site’s reminder of its spending limits, in the member’s language: set for a member flagged as vulnerable writing to a fictional profile (issue 15)',
  }),
  prices: z
    .object({ message: z.number().int(), image: z.number().int(), gift: z.number().int() })
    .meta({ description: 'Credits per message, image and gift' }),
  partner_delivered_up_to: z.number().int(),
  partner_read_up_to: z.number().int(),
});
export type TChatAnswer = z.infer<typeof ZChatAnswer>;

/** POST /api/message.php: a text or a gift to a profile; the conversation starts with the first message. */
export const ZSendMessageRequest = z.object({
  profile_id: zId(),
  client_id: zClientId(),
  text: zText(MESSAGE_HARD_MAX_LENGTH).optional().meta({ description: 'The site’s message_length caps it, counted in characters as seen' }),
  gift: z.enum(GIFT_CODES).optional().meta({ description: 'A gift of the catalogue instead of a text' }),
});
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** The answer to sending: the stored message (the same one when the client id was sent before). */
export const ZSendMessageAnswer = z.object({
  message: ZChatMessage,
  credits: z.number().int().meta({ description: 'The member’s balance after paying' }),
});
export type TSendMessageAnswer = z.infer<typeof ZSendMessageAnswer>;

/** POST /api/chat-read.php: the member has seen the conversation up to a message; unread goes to 0. */
export const ZChatReadRequest = z.object({ conversation: zId(), up_to: zMessageId() });

/** DELETE /api/chat.php (spec section 7): removes the conversation for the member. */
export const ZDeleteChatRequest = z.object({ conversation: zId() });

/** POST /api/message-report.php: a report of one message the partner sent (trust.md, DSA). */
export const ZMessageReportRequest = z.object({
  message_id: zMessageId(),
  reason: z.enum(REPORT_REASONS),
  text: zText(REPORT_TEXT_MAX * 4).default(''),
  good_faith: z.boolean(),
});

/** Error codes of the chat calls beyond the generic ones. */
export const CHAT_ERROR_CODES = [
  /** 400 (field text): neither a text nor a gift, or only spaces. */
  'message_empty',
  /** 400 (field text): longer than the site's message_length (graphemes). */
  'message_too_long',
  /** 400: one's own profile. */
  'cannot_message_self',
  /** 402: not enough credits (spec section 8); nothing was stored. */
  'insufficient_credits',
  /** 403: a free member's third started conversation (premium-only alert). */
  'premium_only',
  /** 403: the partner has not confirmed their e-mail yet (spec section 4). */
  'partner_unconfirmed',
  /** 403: the member blocked the partner; no_access when the partner blocked the member. */
  'chat_blocked',
  'no_access',
  /** 404: no such profile (or an invisible one that is not a partner), or no such conversation of the member. */
  'profile_not_found',
  'conversation_not_found',
  'message_not_found',
  /** 429: more than MESSAGE_BURST_PER_MINUTE messages a minute. */
  'too_many_messages',
  /** 400 (field file): an image that cannot be read, or too large. */
  'image_invalid',
  'image_too_large',
] as const;
