import type { QueryClient } from '@tanstack/react-query';
import type { TChatItem, TChatMessage, TChatsAnswer } from '@cupido/shared/chats';
import { CHATS_QUERY_KEY, sendConversationRead } from './chat-calls';

/**
 * The member's conversations as the cache holds them (GET /api/chats.php), and how live frames and
 * the member's own actions change them before the next refresh. The functions on answers are pure;
 * the open conversation and the bound query client are the tab's (one app per tab).
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

/** The list with a conversation read: its unread count 0 (spec section 4: opening a conversation). */
export function withConversationRead(answer: TChatsAnswer, conversation: number): TChatsAnswer {
  const read = answer.chats.find((chat) => chat.conversation === conversation);
  if (!read || read.num_unread_messages === 0) return answer;
  return {
    chats: answer.chats.map((chat) => (chat === read ? { ...chat, num_unread_messages: 0 } : chat)),
    unread_total: Math.max(0, answer.unread_total - read.num_unread_messages),
  };
}

/** The newest message id the list knows (a hello with a higher one means something was missed). */
export function newestMessageId(answer: TChatsAnswer): number {
  return answer.chats.reduce((newest, chat) => Math.max(newest, chat.last_message?.id ?? 0), 0);
}

/** Writes `update` into every cached chats answer of the tab. */
export function updateChats(queryClient: QueryClient, update: (answer: TChatsAnswer) => TChatsAnswer): void {
  queryClient.setQueriesData<TChatsAnswer>({ queryKey: CHATS_QUERY_KEY }, (answer) => (answer ? update(answer) : answer));
}

let openConversation: number | null = null;

/**
 * The conversation the member has in front of them (the conversation screen sets it when it opens
 * one, and null when it closes or the page is hidden): its partner's new messages do not count as
 * unread while it is open.
 */
export function setOpenConversation(conversation: number | null): void {
  openConversation = conversation;
}

export function currentOpenConversation(): number | null {
  return openConversation;
}

let boundClient: QueryClient | null = null;
/** The highest id sent per conversation: the same read twice is not sent again. */
const readSent = new Map<number, number>();

/** ChatsProvider binds the app's query client, so markConversationRead works from anywhere. */
export function bindChatsClient(queryClient: QueryClient): () => void {
  boundClient = queryClient;
  readSent.clear();
  return () => {
    if (boundClient === queryClient) boundClient = null;
    readSent.clear();
  };
}

/**
 * The member has seen `conversation` up to message `upTo`: its unread count becomes 0 at once,
 * and POST /api/chat-read.php tells the server (and through it the partner's read receipts and
 * the member's other tabs). A failure is left to the next refresh, which shows the server's count.
 */
export async function markConversationRead(conversation: number, upTo: number): Promise<void> {
  if (boundClient) updateChats(boundClient, (answer) => withConversationRead(answer, conversation));
  if ((readSent.get(conversation) ?? 0) >= upTo) return;
  readSent.set(conversation, upTo);
  try {
    await sendConversationRead(conversation, upTo);
  } catch {
    readSent.delete(conversation);
  }
}
