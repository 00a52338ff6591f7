import { useSyncExternalStore } from 'react';
import type { TLiveClientFrame, TLiveServerFrame } from '@cupido/shared/contracts/live';

/**
 * What the app uses of the live channel (packages/shared/src/contracts/live.ts; issue 12): one WebSocket per
 * tab, opened by ChatsProvider for a logged-in member once the first screen has settled, closed on
 * logout. This module is the whole API and stays tiny (no zod, no socket): the socket itself,
 * with its frame parsing and reconnects, is the lazy chunk live-channel.ts.
 *
 * - `subscribeLive(type, handler)`: every valid frame of that type from the server; returns the
 *   unsubscribe. Frames are hints, never the only copy: what they say is stored before they are sent.
 * - `subscribeLive('hello', handler)`: every connection that opens, the first one too. A screen
 *   that loaded its data before the socket opened compares `last_message_id` with what it has.
 * - `onLiveReconnect(handler)`: a connection that opens again after a drop (network, sleeping
 *   phone, server restart), with its hello frame: fetch what was missed (GET /api/chat.php?after=
 *   <the last id seen> for an open conversation; the chats list refetches itself).
 * - `sendLive(frame)`: sends a client frame; while disconnected the frame is dropped (false).
 *   Typing and receipts are hints; what must arrive goes over HTTP.
 * - `useLiveStatus()`: 'connecting' | 'open' | 'closed' ('closed' for visitors and between retries).
 */
export type LiveStatus = 'connecting' | 'open' | 'closed';
export type LiveFrameType = TLiveServerFrame['type'];
export type LiveFrame<T extends LiveFrameType> = Extract<TLiveServerFrame, { type: T }>;
export type LiveHello = LiveFrame<'hello'>;

type AnyHandler = (frame: TLiveServerFrame) => void;

const handlers = new Map<LiveFrameType, Set<AnyHandler>>();
const reconnectHandlers = new Set<(hello: LiveHello) => void>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'closed';
let send: ((text: string) => boolean) | null = null;

/** One subscriber's mistake must not keep the frame from the others. */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}

export function subscribeLive<T extends LiveFrameType>(type: T, handler: (frame: LiveFrame<T>) => void): () => void {
  const set = handlers.get(type) ?? new Set<AnyHandler>();
  handlers.set(type, set);
  const entry = handler as AnyHandler;
  set.add(entry);
  return () => void set.delete(entry);
}

export function onLiveReconnect(handler: (hello: LiveHello) => void): () => void {
  reconnectHandlers.add(handler);
  return () => void reconnectHandlers.delete(handler);
}

export function sendLive(frame: TLiveClientFrame): boolean {
  return send ? send(JSON.stringify(frame)) : false;
}

function subscribeToStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
}

export function liveStatus(): LiveStatus {
  return status;
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeToStatus, liveStatus, liveStatus);
}

/** The channel's side of the API (live-channel.ts and use-live-channel.ts only). */
export const liveBus = {
  publish(frame: TLiveServerFrame): void {
    for (const handler of [...(handlers.get(frame.type) ?? [])]) safely(() => handler(frame));
  },
  reconnected(hello: LiveHello): void {
    for (const handler of [...reconnectHandlers]) safely(() => handler(hello));
  },
  setStatus(next: LiveStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  },
  /** The open socket's send, or null while there is none. */
  setSender(next: ((text: string) => boolean) | null): void {
    send = next;
  },
};
export type LiveBus = typeof liveBus;
