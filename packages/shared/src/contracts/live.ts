import { z } from 'zod';
import { zId } from './input';
import { ZChatMessage, zMessageId } from './chats';
import { ZLikeState } from './likes';

/**
 * The live channel (issue 12; decision 028): one WebSocket per tab at LIVE_PATH (live-frames.ts), opened with the
 * session cookie. It carries hints and small facts, never the only copy of anything: messages are
 * stored before they are sent here, and after a dropped connection the app fetches what it missed
 * (GET /api/chats.php, and GET /api/chat.php?after=<the last id it saw> for the open conversation). Every frame is one JSON object.
 */

/** Frames the app sends. */
export const ZLiveClientFrame = z.discriminatedUnion('type', [
  /** The member is typing in the conversation (at most every TYPING_SIGNAL_INTERVAL_MS). */
  z.object({ type: z.literal('typing'), conversation: zId() }),
  /** The app received the conversation's messages up to this id (delivered receipts). */
  z.object({ type: z.literal('delivered'), conversation: zId(), up_to: zMessageId() }),
  /** The member saw the conversation up to this id (read receipts; unread goes to 0). */
  z.object({ type: z.literal('read'), conversation: zId(), up_to: zMessageId() }),
]);
export type TLiveClientFrame = z.infer<typeof ZLiveClientFrame>;

/** Frames the server sends. */
export const ZLiveServerFrame = z.discriminatedUnion('type', [
  /**
   * First frame of a connection: the newest message id of the member's conversations (a higher one
   * than the app knows means resync) and the count of new likes (another than the app's means its
   * likes are behind: a like made before this socket opened, or while it was down, sent no frame here).
   */
  z.object({ type: z.literal('hello'), last_message_id: z.number().int(), new_likes: z.number().int() }),
  /** A new message in one of the member's conversations (their own from another tab too). */
  z.object({ type: z.literal('message'), message: ZChatMessage }),
  /** How far the partner's app received and read the conversation. */
  z.object({ type: z.literal('receipt'), conversation: z.number().int(), delivered_up_to: z.number().int(), read_up_to: z.number().int() }),
  /** The partner is typing (a real member's app said so; never invented). */
  z.object({ type: z.literal('typing'), conversation: z.number().int(), profile: z.number().int() }),
  /** Someone liked the member, or a like made a match: reload the likes. */
  z.object({ type: z.literal('like'), profile: z.number().int(), like_state: ZLikeState }),
  /** The badge numbers changed (unread messages read in another tab, say). */
  z.object({ type: z.literal('counts'), unread_messages: z.number().int(), new_likes: z.number().int() }),
  /** The conversation is gone for the member (deleted in another tab, or a block). */
  z.object({ type: z.literal('conversation_removed'), conversation: z.number().int() }),
  /** A message of the conversation is gone (staff removed it after a report): stop showing it. */
  z.object({ type: z.literal('message_removed'), conversation: z.number().int(), message: z.number().int() }),
]);
export type TLiveServerFrame = z.infer<typeof ZLiveServerFrame>;
