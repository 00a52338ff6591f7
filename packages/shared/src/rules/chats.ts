/**
 * The chat's rules (spec sections 1, 4, 6, 8 and 9; issue 12) as pure functions, shared by the
 * server (which enforces them) and the web app (which explains them before a call fails).
 */

/** Conversations a free member may start (spec section 9); replies in others' conversations are not limited. */
export const FREE_CONVERSATIONS_STARTED = 2;

/** Messages older than this many days are hidden, with the privacy notice, unless the site sets another window. */
export const DEFAULT_CHAT_HISTORY_DAYS = 180;

/** Messages per page of a conversation, newest page first; older pages load on scroll. */
export const CHAT_PAGE_SIZE = 30;

/** Messages of all conversations a resync answers at most at once (the client asks again while has_more). */
export const CHAT_SYNC_LIMIT = 200;

/** Messages a minute any member may send (premium too): more is a script, not a person. */
export const MESSAGE_BURST_PER_MINUTE = 20;

/** Longest text the server accepts at all; the site's message_length is the limit members meet. */
export const MESSAGE_HARD_MAX_LENGTH = 5_000;

/** How often the server pings a socket; one without an answer by the next ping is closed. */
export const LIVE_HEARTBEAT_MS = 25_000;

/** A typing indicator goes away this long after the last typing signal. */
export const TYPING_VISIBLE_MS = 4_000;
/** A client sends a typing signal at most this often while the member types. */
export const TYPING_SIGNAL_INTERVAL_MS = 2_500;

export const MESSAGE_KINDS = ['text', 'image', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_STATES = ['sent', 'delivered', 'read'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * Why a member cannot send in a conversation right now, if at all:
 * - partner_unconfirmed: the partner has not confirmed their e-mail (spec section 4: their chat
 *   partners cannot reply until they do);
 * - blocked: one of the two blocked the other;
 * - conversation_limit: a free member who started FREE_CONVERSATIONS_STARTED conversations wants
 *   to start another (premium only);
 * - partner_invisible: an invisible member cannot be messaged first;
 * - partner_gone: the partner's profile is no longer usable (disabled, deleted, pending deletion).
 */
export const SEND_BLOCKED_REASONS = ['partner_unconfirmed', 'blocked', 'conversation_limit', 'partner_invisible', 'partner_gone'] as const;
export type SendBlockedReason = (typeof SEND_BLOCKED_REASONS)[number];

/**
 * The length of a text as the member sees it: grapheme clusters, so an emoji with skin tone or a
 * flag counts as one character, as the counter under the text box shows it.
 */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of graphemeSegmenter().segment(text)) count++;
  return count;
}

let segmenter: Intl.Segmenter | undefined;
function graphemeSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter;
}

/** May a member who started `startedCount` conversations start another? Premium members always may. */
export function mayStartConversation(startedCount: number, paidUser: boolean): boolean {
  return paidUser || startedCount < FREE_CONVERSATIONS_STARTED;
}

/**
 * The state of one of the member's own messages, from how far the partner's app has received and
 * read the conversation (message ids only grow). A fictional partner has no app: staff answer
 * later, so its messages show as delivered once stored, and never as read (no invented activity).
 */
export function messageStateOf(messageId: number, partner: { deliveredUpTo: number; readUpTo: number; fictional: boolean }): MessageState {
  if (partner.fictional) return 'delivered';
  if (partner.readUpTo >= messageId) return 'read';
  if (partner.deliveredUpTo >= messageId) return 'delivered';
  return 'sent';
}

/** The first moment whose messages are still shown, for a history window of `days` days. */
export function historyWindowStart(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/**
 * The real-money price of one message (trust.md: shown next to its credit price), from the
 * site's minimum_message_costs of the member's country (costs in minor units, e.g. cents);
 * null when the site names none for it.
 */
export function messageMoneyPrice(
  minimumMessageCosts: Record<string, { costs: number; currency: string }>,
  country: string | null | undefined,
): { costs: number; currency: string } | null {
  if (!country) return null;
  return minimumMessageCosts[country] ?? null;
}
