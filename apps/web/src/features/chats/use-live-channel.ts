import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { liveBus } from './live-events';
import type { LiveChannelOptions } from './live-channel';
import { afterFirstScreen } from '../../platform/after-first-screen';

/**
 * A failed download of the channel's chunk is tried again after this long (the chats poll
 * meanwhile), or sooner: when the browser is back online or the page is shown again.
 */
const CHUNK_RETRY_MS = 60_000;

type ChatsLiveChunk = typeof import('./chats-live');
const loadChatsLiveChunk = (): Promise<ChatsLiveChunk> => import('./chats-live');

/** The tab's one channel; a new member's channel replaces the previous one. */
let current: { stop: () => void } | null = null;

/**
 * Opens the tab's live channel with the chats store listening (chats-live.ts, a lazy chunk loaded
 * after the first screen settled) and returns its close. `options` reach startLiveChannel (a
 * test's URL, short delays).
 */
export function openLiveChannel(
  queryClient: QueryClient,
  userId: number,
  options: LiveChannelOptions = {},
  loadChunk: () => Promise<ChatsLiveChunk> = loadChatsLiveChunk,
): () => void {
  current?.stop();
  let stopLive: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let loading = false;
  let closed = false;
  liveBus.setStatus('connecting');

  const load = () => {
    if (closed || loading || stopLive) return;
    clearTimeout(retry);
    retry = undefined;
    loading = true;
    loadChunk().then(
      ({ startChatsLive }) => {
        loading = false;
        if (!closed) stopLive = startChatsLive(queryClient, userId, options);
      },
      () => {
        // The network failed (a phone in a tunnel while the first screen settled), or a deploy
        // replaced the chunk: no page reload for a background channel; the chats poll meanwhile,
        // and the chunk is tried again later, or at once when the connection is back.
        loading = false;
        if (closed) return;
        liveBus.setStatus('closed');
        retry = setTimeout(load, CHUNK_RETRY_MS);
      },
    );
  };
  const cancelSettle = afterFirstScreen(load);
  /** Only a failed download waits for a retry: back online or shown again, it does not wait longer. */
  const retryNow = () => {
    if (retry !== undefined && document.visibilityState !== 'hidden') load();
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', retryNow);

  const handle = {
    stop() {
      closed = true;
      cancelSettle();
      clearTimeout(retry);
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', retryNow);
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
