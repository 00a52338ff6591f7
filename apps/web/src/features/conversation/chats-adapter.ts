/**
 * TEMPORARY stand-in for what this feature uses of features/chats (the live channel's API, the
 * chats store), which another helper builds at the same time: the same names and signatures, so
 * the conversation screens compile and are tested against them. It goes once features/chats lands.
 */
import { useCallback } from 'react';
import type { TLiveClientFrame, TLiveServerFrame } from '@cupido/shared/live';
import { request } from '../../api/client';

export type LiveFrameType = TLiveServerFrame['type'];
export type LiveFrame<T extends LiveFrameType> = Extract<TLiveServerFrame, { type: T }>;
export type LiveHello = LiveFrame<'hello'>;
type AnyHandler = (frame: TLiveServerFrame) => void;

const handlers = new Map<LiveFrameType, Set<AnyHandler>>();
const reconnectHandlers = new Set<(hello: LiveHello) => void>();
let sender: ((text: string) => boolean) | null = null;

export function subscribeLive<T extends LiveFrameType>(type: T, handler: (frame: LiveFrame<T>) => void): () => void {
  const set = handlers.get(type) ?? new Set<AnyHandler>();
  handlers.set(type, set);
  set.add(handler as AnyHandler);
  return () => void set.delete(handler as AnyHandler);
}

export function onLiveReconnect(handler: (hello: LiveHello) => void): () => void {
  reconnectHandlers.add(handler);
  return () => void reconnectHandlers.delete(handler);
}

export function sendLive(frame: TLiveClientFrame): boolean {
  return sender ? sender(JSON.stringify(frame)) : false;
}

export const liveBus = {
  publish(frame: TLiveServerFrame): void {
    for (const handler of [...(handlers.get(frame.type) ?? [])]) handler(frame);
  },
  reconnected(hello: LiveHello): void {
    for (const handler of [...reconnectHandlers]) handler(hello);
  },
  setSender(next: ((text: string) => boolean) | null): void {
    sender = next;
  },
};

let openConversation: number | null = null;
export function setOpenConversation(conversation: number | null): void {
  openConversation = conversation;
}
export function currentOpenConversation(): number | null {
  return openConversation;
}

export async function markConversationRead(conversation: number, upTo: number): Promise<void> {
  try {
    await request('/api/chat-read.php', { method: 'POST', body: { conversation, up_to: upTo } });
  } catch {
    // The next refresh shows the server's count.
  }
}

export function useChats() {
  const removeConversation = useCallback(async (conversation: number) => {
    try {
      await request('/api/chat.php', { method: 'DELETE', body: { conversation } });
    } catch {
      // features/chats alerts the error and reloads the list.
    }
  }, []);
  return { chats: undefined, unreadTotal: 0, status: 'pending' as const, refetch: () => {}, removeConversation };
}

export function ConversationList() {
  return null;
}
