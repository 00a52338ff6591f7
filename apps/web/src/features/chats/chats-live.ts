import type { QueryClient } from '@tanstack/react-query';
import type { TChatsAnswer } from '@cupido/shared/contracts/chats';
import type { TLikesAnswer } from '@cupido/shared/contracts/likes';
import { countNewLikes, LIKES_PAGE_QUERY_KEY, LIKES_QUERY_KEY } from '../likes';
import { SESSION_QUERY_KEY } from '../session/use-session';
import { chatsQueryKey } from './chat-calls';
import { newestMessageId, withMessage, withoutConversation } from './chat-list-updates';
import { currentOpenConversation } from './chats-store';
import { startLiveChannel, type LiveChannelOptions } from './live-channel';
import { onLiveReconnect, sendLive, subscribeLive, type LiveHello } from './live-events';
import { sitePushKey, startMemberPush } from '../web-push/member-push';

/**
 * The member's live channel and what it changes in the shell's stores (loaded with the channel,
 * after the first screen settled): new messages move their conversation first and count as unread,
 * removed conversations go (and a removed last message reloads the list), badge counts follow the server's, likes reload when someone liked the
 * member (or the hello counts other new likes than the app), and the chats refetch after a reconnect (what happened meanwhile: reads, removals).
 * Web push starts and stops with the channel (the same member; features/web-push/member-push.ts):
 * the channel brings news while the tab is open, a push while it is closed, and a push that
 * reaches an open tab reloads the chats and the likes.
 * Returns the stop: the channel closes and the store listens no more.
 */
export function startChatsLive(queryClient: QueryClient, userId: number, options: LiveChannelOptions = {}): () => void {
  const key = chatsQueryKey(userId);
  const chats = () => queryClient.getQueryData<TChatsAnswer>(key);
  const refetchChats = () => void queryClient.invalidateQueries({ queryKey: key });
  const reloadLikes = () => {
    void queryClient.invalidateQueries({ queryKey: LIKES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: LIKES_PAGE_QUERY_KEY });
  };
  /** The likes reload when the server counts other new likes than the loaded ones (a counts frame, a hello). */
  const reloadLikesUnlessCounted = (newLikes: number) => {
    const likes = queryClient.getQueryData<TLikesAnswer>([...LIKES_QUERY_KEY, userId]);
    if (likes && countNewLikes(likes) !== newLikes) reloadLikes();
  };
  /** The hello this store refetched for already (the reconnect event follows the same hello). */
  let refetchedFor: LiveHello | null = null;

  /**
   * "Delivered" means the partner's message reached this app, open conversation or not: say so for
   * each new one, and on every (re)connection for the last message of each conversation the list
   * has (the server keeps the highest id, so saying it twice changes nothing).
   */
  const acknowledge = (conversation: number, upTo: number) => void sendLive({ type: 'delivered', conversation, up_to: upTo });
  const acknowledgeList = () => {
    for (const chat of chats()?.chats ?? [])
      if (chat.last_message && !chat.last_message.from_me) acknowledge(chat.conversation, chat.last_message.id);
  };

  const stops = [
    subscribeLive('message', ({ message }) => {
      if (!message.from_me) acknowledge(message.conversation.id, message.id);
      const answer = chats();
      if (!answer) return; // its first answer is on the way and has the message (stored before sent)
      const next = withMessage(answer, message, currentOpenConversation());
      if (!next) return refetchChats(); // a new conversation: the list needs its partner
      queryClient.setQueryData(key, next);
      // An answer on its way may have been read before the message was stored: ask again.
      if (queryClient.isFetching({ queryKey: key }) > 0) refetchChats();
    }),
    subscribeLive('conversation_removed', ({ conversation }) => {
      const answer = chats();
      if (answer) queryClient.setQueryData(key, withoutConversation(answer, conversation));
    }),
    // Staff removed a message after a report: if the list shows it as the last one, the list reloads.
    subscribeLive('message_removed', ({ conversation, message }) => {
      if (chats()?.chats.some((chat) => chat.conversation === conversation && chat.last_message?.id === message)) refetchChats();
    }),
    subscribeLive('counts', ({ unread_messages, new_likes }) => {
      const answer = chats();
      // The badge follows at once; the list's counts per conversation come with the refetch.
      if (answer && answer.unread_total !== unread_messages) {
        queryClient.setQueryData(key, { ...answer, unread_total: Math.max(0, unread_messages) });
        refetchChats();
      }
      reloadLikesUnlessCounted(new_likes);
    }),
    subscribeLive('like', reloadLikes),
    subscribeLive('hello', (hello) => {
      acknowledgeList();
      // A like made before this socket opened (the likes loaded meanwhile) or while it was down
      // sent its frame to no socket of this tab: without this the badge waited for the next poll.
      reloadLikesUnlessCounted(hello.new_likes);
      const answer = chats();
      if (answer && hello.last_message_id > newestMessageId(answer)) {
        refetchedFor = hello;
        refetchChats();
      }
    }),
    onLiveReconnect((hello) => {
      if (refetchedFor !== hello) refetchChats();
    }),
  ];

  const channel = startLiveChannel({
    ...options,
    onPolicyViolation: () => {
      // Refused: if the session ended, the session query says so and the app logs out silently.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      options.onPolicyViolation?.();
    },
  });
  const stopPush = startMemberPush({ publicKey: sitePushKey(queryClient), reloadChats: refetchChats, reloadLikes });
  return () => {
    channel.stop();
    stopPush();
    for (const stop of stops) stop();
  };
}
