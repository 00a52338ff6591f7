/**
 * The live channel's address and close codes, and its server frames read without zod (issue 29).
 * The contract is ZLiveServerFrame in live.ts, and live-frames.test.ts holds this reader to it
 * frame by frame: the same frames pass, the same fail, and what passes comes out as zod would give
 * it (unknown keys dropped).
 *
 * Why a second reader: the socket opens on every member page, and building the contract's zod
 * schemas when its chunk loaded was one of the longest tasks of a page load on a phone
 * (bench:web). The frames come from the site's own server; this check only keeps a garbled frame
 * from reaching the stores.
 */
import { MESSAGE_KINDS, MESSAGE_STATES } from './chats';
import { GIFT_CODES } from './gifts';
import { LIKE_STATES } from './likes';
import type { TLiveServerFrame } from '../contracts/live';
import type { TChatMessage } from '../contracts/chats';

export const LIVE_PATH = '/api/live';

/**
 * Close codes the server uses; the app reconnects after each except policy_violation (not logged
 * in, wrong origin) and too_many_sockets (until its page is shown again).
 */
export const LIVE_CLOSE = {
  /** Not logged in (anymore), or a page of another origin. */
  policyViolation: 1008,
  /** The socket fell too far behind (back-pressure): reconnect and resync. */
  tryAgainLater: 1013,
  /** The server is shutting down. */
  goingAway: 1001,
  /**
   * The member opened more sockets than the server keeps for one member (decision 028): the oldest
   * was closed. An application code (4000-4999), reason 'too_many_sockets'.
   */
  tooManySockets: 4001,
} as const;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isMessageId = (value: unknown): value is number => isInt(value) && value > 0;
const isString = (value: unknown): value is string => typeof value === 'string';
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);
const orNull = <T>(value: unknown, check: (v: unknown) => v is T): value is T | null => value === null || check(value);

function readImage(value: unknown): TChatMessage['image'] | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isString(value.thumb_url) || !isString(value.url) || !isInt(value.width) || !isInt(value.height))
    return undefined;
  return { thumb_url: value.thumb_url, url: value.url, width: value.width, height: value.height };
}

function readMessage(value: unknown): TChatMessage | null {
  if (!isObject(value) || !isMessageId(value.id) || !isObject(value.conversation) || !isInt(value.conversation.id)) return null;
  const image = readImage(value.image);
  if (
    image === undefined ||
    !orNull(value.client_id, isString) ||
    typeof value.from_me !== 'boolean' ||
    !oneOf(MESSAGE_KINDS, value.kind) ||
    !orNull(value.text, isString) ||
    !orNull(value.gift, (v): v is string => oneOf(GIFT_CODES, v)) ||
    !isString(value.created_at) ||
    !orNull(value.state, (v): v is string => oneOf(MESSAGE_STATES, v))
  ) {
    return null;
  }
  return {
    id: value.id,
    conversation: { id: value.conversation.id },
    client_id: value.client_id,
    from_me: value.from_me,
    kind: value.kind,
    text: value.text,
    image,
    gift: value.gift as TChatMessage['gift'],
    created_at: value.created_at,
    state: value.state as TChatMessage['state'],
  };
}

/** The frame, or null for anything that is not a valid server frame. */
export function readLiveServerFrame(value: unknown): TLiveServerFrame | null {
  if (!isObject(value)) return null;
  const ints = (...names: string[]) => names.every((name) => isInt(value[name]));
  switch (value.type) {
    case 'hello':
      return ints('last_message_id', 'new_likes')
        ? { type: 'hello', last_message_id: value.last_message_id as number, new_likes: value.new_likes as number }
        : null;
    case 'message': {
      const message = readMessage(value.message);
      return message ? { type: 'message', message } : null;
    }
    case 'receipt':
      return ints('conversation', 'delivered_up_to', 'read_up_to')
        ? {
            type: 'receipt',
            conversation: value.conversation as number,
            delivered_up_to: value.delivered_up_to as number,
            read_up_to: value.read_up_to as number,
          }
        : null;
    case 'typing':
      return ints('conversation', 'profile')
        ? { type: 'typing', conversation: value.conversation as number, profile: value.profile as number }
        : null;
    case 'like':
      return ints('profile') && oneOf(LIKE_STATES, value.like_state)
        ? { type: 'like', profile: value.profile as number, like_state: value.like_state }
        : null;
    case 'counts':
      return ints('unread_messages', 'new_likes')
        ? { type: 'counts', unread_messages: value.unread_messages as number, new_likes: value.new_likes as number }
        : null;
    case 'conversation_removed':
      return ints('conversation') ? { type: 'conversation_removed', conversation: value.conversation as number } : null;
    case 'message_removed':
      return ints('conversation', 'message')
        ? { type: 'message_removed', conversation: value.conversation as number, message: value.message as number }
        : null;
    default:
      return null;
  }
}
