import type { QueryClient } from '@tanstack/react-query';
import type { TChatsAnswer } from '@cupido/shared/contracts/chats';
import { CHATS_QUERY_KEY, sendConversationRead } from './chat-calls';

/**
 * The tab's chats state beside the cache of GET /api/chats.php: the open conversation, the query
 * client ChatsProvider binds, and reading a conversation. It is in the shell's chunk (ChatsProvider
 * binds the client), so what only live frames and the list need is in chat-list-updates.ts.
 */

/** The list with a conversation read: its unread count 0 (spec section 4: opening a conversation). */
export function withConversationRead(answer: TChatsAnswer, conversation: number): TChatsAnswer {
  const read = answer.chats.find((chat) => chat.conversation === conversation);
  if (!read || read.num_unread_messages === 0) return answer;
  return {
    chats: answer.chats.map((chat) => (chat === read ? { ...chat, num_unread_messages: 0 } : chat)),
    unread_total: Math.max(0, answer.unread_total - read.num_unread_messages),
  };
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
