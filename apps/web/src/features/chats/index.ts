/**
 * What other features use of chats. The conversation screen (features/conversation):
 * - the live channel: subscribeLive, onLiveReconnect, sendLive, useLiveStatus (live-events.ts
 *   explains each; the socket opens by itself for a member, in ChatsProvider);
 * - the chats store: useChats, setOpenConversation (while a conversation is on screen its partner's
 *   messages do not count as unread), markConversationRead (unread 0 at once, then the server);
 * - the list: ConversationList (beside the chat on a desktop) and ChatsPage (/chats).
 * ChatsProvider sits in the app's shell (app.tsx imports it directly, so the shell carries none of
 * the list). Chats sits above likes (it reloads the likes on a live 'like') and below conversation.
 */
export {
  subscribeLive,
  onLiveReconnect,
  sendLive,
  useLiveStatus,
  type LiveStatus,
  type LiveFrame,
  type LiveFrameType,
  type LiveHello,
} from './live-events';
export { useChats, type Chats } from './use-chats';
export { setOpenConversation, markConversationRead } from './chats-store';
export { CHATS_QUERY_KEY } from './chat-calls';
export { ChatsProvider } from './chats-provider';
export { ConversationList, type ConversationListProps } from './conversation-list';
export { default as ChatsPage } from './chats-page';
export { CHATS_NS, ChatsTexts } from './chats-texts';
