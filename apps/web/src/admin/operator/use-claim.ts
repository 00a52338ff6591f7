/**
 * The answer screen's claim: taken when the screen opens, given back when it is left (unmount, or
 * the tab going away), unless the server already released it (a sent reply) or never gave it.
 * React's StrictMode mounts twice in development: the release is deferred a tick and cancelled by
 * the second mount, so no DELETE can overtake the claim asked for again.
 */
import { useEffect, useRef, useState } from 'react';
import { AdminApiError } from '../api';
import { claimConversation, releaseConversation } from './operator-calls';

export type ClaimState = { kind: 'claiming' } | { kind: 'held' } | { kind: 'taken'; message: string } | { kind: 'failed'; message: string };

const pendingReleases = new Map<number, ReturnType<typeof setTimeout>>();

export function useClaim(conversationId: number, onClaimed: () => void) {
  const [state, setState] = useState<ClaimState>({ kind: 'claiming' });
  // True while leaving must give the claim back (asked for, not refused, not released by a send).
  const releaseOnLeave = useRef(false);
  const onClaimedRef = useRef(onClaimed);
  useEffect(() => {
    onClaimedRef.current = onClaimed;
  });

  useEffect(() => {
    const pending = pendingReleases.get(conversationId);
    if (pending !== undefined) {
      // Mounted again at once (StrictMode, or the same conversation reopened): keep the claim rather than give it back.
      clearTimeout(pending);
      pendingReleases.delete(conversationId);
    }
    releaseOnLeave.current = true;
    // Asking again for an own claim only renews it.
    claimConversation(conversationId).then(
      () => {
        setState({ kind: 'held' });
        onClaimedRef.current();
      },
      (error: unknown) => {
        releaseOnLeave.current = false;
        const message = error instanceof Error ? error.message : String(error);
        setState(
          error instanceof AdminApiError && error.code === 'conversation_taken' ? { kind: 'taken', message } : { kind: 'failed', message },
        );
        onClaimedRef.current();
      },
    );
    const onPageHide = () => {
      if (releaseOnLeave.current) releaseConversation(conversationId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      if (!releaseOnLeave.current) return;
      pendingReleases.set(
        conversationId,
        setTimeout(() => {
          pendingReleases.delete(conversationId);
          releaseConversation(conversationId);
        }, 0),
      );
    };
  }, [conversationId]);

  /** The server gave the claim back itself (after a sent reply): leaving has nothing to release. */
  const releasedByServer = () => {
    releaseOnLeave.current = false;
  };
  return { state, releasedByServer };
}
