import { useQuery } from '@tanstack/react-query';
import type { TChatsAnswer } from '@cupido/shared/contracts/chats';
import { request } from '../../api/client';
import { memberRefreshInterval, SESSION_FIRST_REFRESH_MS, useSession } from '../session/use-session';

/** The cache entry of GET /api/chats.php (keyed by the member after it; matching reloads it by this prefix). */
export const CHATS_QUERY_KEY = ['chats'] as const;

export function chatsQueryKey(userId: number) {
  return [...CHATS_QUERY_KEY, userId] as const;
}

export function fetchChats(): Promise<TChatsAnswer> {
  return request<TChatsAnswer>('/api/chats.php');
}

/** The chats query of a member (visitors have none: `enabled` is false for them). */
export function useChatsQuery() {
  const { loggedIn, user } = useSession();
  return useQuery({
    // Keyed by the member, so another login never shows the previous member's conversations.
    queryKey: chatsQueryKey(user?.id ?? 0),
    queryFn: fetchChats,
    enabled: loggedIn,
    // Spec sections 7 and 9: refreshed as the session (60 s, 300 s with push, the first time after 5 s); the live channel in between.
    staleTime: SESSION_FIRST_REFRESH_MS,
    refetchInterval: memberRefreshInterval,
  });
}

/** DELETE /api/chat.php (spec section 7): the conversation goes for the member. */
export function sendDeleteConversation(conversation: number): Promise<unknown> {
  return request('/api/chat.php', { method: 'DELETE', body: { conversation } });
}

/** POST /api/chat-read.php: the member saw the conversation up to `upTo`; its unread count goes to 0. */
export function sendConversationRead(conversation: number, upTo: number): Promise<unknown> {
  return request('/api/chat-read.php', { method: 'POST', body: { conversation, up_to: upTo } });
}
