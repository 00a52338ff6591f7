import type { TChatItem, TChatMessage, TChatsAnswer } from '@cupido/shared/contracts/chats';

/**
 * How live frames and the member's own actions change the answer of GET /api/chats.php before the
 * next refresh: pure functions on answers, loaded with the live channel and the list (not the shell).
 */

type TLastMessage = NonNullable<TChatItem['last_message']>;

export function lastMessageOf(message: TChatMessage): TLastMessage {
  const { id, kind, text, gift, from_me, created_at, state } = message;
  return { id, kind, text, gift, from_me, created_at, state };
}

/**
 * The list after a new message: its conversation first with it as the last message, one more
 * unread when the partner sent it and the conversation is not open. The same message twice (or an
 * older one) changes nothing. Null when the conversation is not in the list (a new one): refetch.
 */
export function withMessage(answer: TChatsAnswer, message: TChatMessage, openConversation: number | null): TChatsAnswer | null {
  const index = answer.chats.findIndex((chat) => chat.conversation === message.conversation.id);
  if (index < 0) return null;
  const chat = answer.chats[index]!;
  if (chat.last_message && chat.last_message.id >= message.id) return answer;
  const unread = !message.from_me && chat.conversation !== openConversation ? 1 : 0;
  const updated: TChatItem = {
    ...chat,
    last_message: lastMessageOf(message),
    updated_at: message.created_at,
    num_unread_messages: chat.num_unread_messages + unread,
  };
  return { chats: [updated, ...answer.chats.filter((_, i) => i !== index)], unread_total: answer.unread_total + unread };
}

/** The list without a conversation (removed by the member, in another tab, or by a block). */
export function withoutConversation(answer: TChatsAnswer, conversation: number): TChatsAnswer {
  const gone = answer.chats.find((chat) => chat.conversation === conversation);
  if (!gone) return answer;
  return {
    chats: answer.chats.filter((chat) => chat !== gone),
    unread_total: Math.max(0, answer.unread_total - gone.num_unread_messages),
  };
}

/** The newest message id the list knows (a hello with a higher one means something was missed). */
export function newestMessageId(answer: TChatsAnswer): number {
  return answer.chats.reduce((newest, chat) => Math.max(newest, chat.last_message?.id ?? 0), 0);
}
