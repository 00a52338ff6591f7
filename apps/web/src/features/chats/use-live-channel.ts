import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { liveBus } from './live-events';
import type { LiveChannelOptions } from './live-channel';
import { afterFirstScreen } from '../../platform/after-first-screen';

/** A failed download of the channel's chunk is tried again after this long (the chats poll meanwhile). */
const CHUNK_RETRY_MS = 60_000;

/** The tab's one channel; a new member's channel replaces the previous one. */
let current: { stop: () => void } | null = null;

/**
 * Opens the tab's live channel with the chats store listening (chats-live.ts, a lazy chunk loaded
 * after the first screen settled) and returns its close. `options` reach startLiveChannel (a
 * test's URL, short delays).
 */
export function openLiveChannel(queryClient: QueryClient, userId: number, options: LiveChannelOptions = {}): () => void {
  current?.stop();
  let stopLive: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  liveBus.setStatus('connecting');

  const load = () => {
    import('./chats-live').then(
      ({ startChatsLive }) => {
        if (!closed) stopLive = startChatsLive(queryClient, userId, options);
      },
      () => {
        // A deploy replaced the chunk, or the network failed: no page reload for a background
        // channel; the chats poll meanwhile.
        if (closed) return;
        liveBus.setStatus('closed');
        retry = setTimeout(load, CHUNK_RETRY_MS);
      },
    );
  };
  const cancelSettle = afterFirstScreen(load);

  const handle = {
    stop() {
      closed = true;
      cancelSettle();
      clearTimeout(retry);
      stopLive?.();
      liveBus.setStatus('closed');
      if (current === handle) current = null;
    },
  };
  current = handle;
  return handle.stop;
}

/**
 * The member's live channel while `userId` is a member (null: a visitor, or logged out: closed).
 * Another member, or the same one after a logout and a login, gets a new channel: a refusal
 * (policy violation) holds until the session changes.
 */
export function useLiveChannel(userId: number | null, options: LiveChannelOptions = {}): void {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (userId === null) return;
    return openLiveChannel(queryClient, userId, latest.current);
  }, [queryClient, userId]);
}
