import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatItem } from '@cupido/shared/contracts/chats';
import { ApiError } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { isAuthenticationRequired } from '../session/query-client';
import { CHATS_QUERY_KEY, sendDeleteConversation, useChatsQuery } from './chat-calls';
import { withoutConversation } from './chat-list-updates';
import { updateChats } from './chats-store';

export interface Chats {
  /** The member's conversations, latest activity first; undefined for a visitor or while they load. */
  chats: TChatItem[] | undefined;
  /** Unread messages of all conversations: the Messages badge. */
  unreadTotal: number;
  status: 'pending' | 'error' | 'success';
  refetch: () => void;
  /** Removes a conversation at once, then DELETE /api/chat.php; a failure alerts the error and reloads the chats. */
  removeConversation: (conversation: number) => Promise<void>;
}

/** What the member reads when removing failed: the server's (translated) word, else the generic error. */
export function removalErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return i18n.t('errors.generic.text');
}

/** The member's chats store: refreshed every 60 s (first after 5 s) and live through the channel. */
export function useChats(): Chats {
  const query = useChatsQuery();
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: sendDeleteConversation,
    // Spec section 4: the conversation goes from the list first; an answer on its way must not bring it back.
    onMutate: async (conversation: number) => {
      await queryClient.cancelQueries({ queryKey: CHATS_QUERY_KEY });
      updateChats(queryClient, (answer) => withoutConversation(answer, conversation));
    },
    onError: (error) => {
      // A silent logout says nothing (the session ended elsewhere); anything else is alerted (spec section 8).
      if (!isAuthenticationRequired(error)) window.alert(removalErrorMessage(error));
      void queryClient.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
    },
  });
  const { mutateAsync } = removal;
  const removeConversation = useCallback(
    (conversation: number) =>
      mutateAsync(conversation).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );
  const { refetch } = query;
  return {
    chats: query.data?.chats,
    unreadTotal: Math.max(0, query.data?.unread_total ?? 0),
    status: query.status,
    refetch: useCallback(() => void refetch(), [refetch]),
    removeConversation,
  };
}
