import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyWithReload } from '../../platform/chunk-reload';
import { ActivityCountsContext, useActivityCounts, useAppBadge } from '../session/activity-counts';
import { openLikeDialog, useOpenLikeDialog } from './like-dialogs';
import type { LikeLimitNoticeProps } from './like-limit-notice-view';
import type { MatchModalProps } from './match-modal-view';
import { useLikes } from './use-likes';
import { useTimeZoneSync } from './use-time-zone-sync';

// The dialogs and the notice are chunks of their own with the likes texts: the shell carries
// only the store, the counts and this switch.
const MatchModalView = lazyWithReload(() => import('./match-modal-view'));
const LikeRefusalDialog = lazyWithReload(() => import('./like-refusal-dialog'));
const LikeLimitNoticeView = lazyWithReload(() => import('./like-limit-notice-view'));

/** The match/new-like modal (its chunk loads on first use). */
export function MatchModal(props: MatchModalProps) {
  return (
    <Suspense fallback={null}>
      <MatchModalView {...props} />
    </Suspense>
  );
}

/** Spec section 8, out of Likes, with the live countdown to `resetAt` (its chunk loads on first use). */
export function LikeLimitNotice(props: LikeLimitNoticeProps) {
  return (
    <Suspense fallback={null}>
      <LikeLimitNoticeView {...props} />
    </Suspense>
  );
}

/** The dialog a like opened (useLikeAction, useMatchModal), wherever the member is. */
function LikeDialogs() {
  const queryClient = useQueryClient();
  const dialog = useOpenLikeDialog();
  const close = () => openLikeDialog(queryClient, null);
  if (!dialog) return null;
  if (dialog.kind === 'match') return <MatchModal profile={dialog.profile} onClose={close} />;
  return (
    <Suspense fallback={null}>
      <LikeRefusalDialog dialog={dialog} onClose={close} />
    </Suspense>
  );
}

/** The installed app's badge: unread messages plus new likes (spec section 4). */
function AppBadge() {
  const { unreadMessages, newLikes } = useActivityCounts();
  useAppBadge(unreadMessages + newLikes);
  return null;
}

/**
 * Liking in the shell: new likes from the likes store go into the activity counts (the Likes
 * badge, the page-title prefix and the app badge read them), the dialogs of liking show here,
 * and the member's time zone follows the browser's.
 * Visitors have no likes store (its query is off for them): their counts stay those around it.
 */
export function LikesProvider({ children }: { children: ReactNode }) {
  const around = useActivityCounts();
  const { likes, newLikes } = useLikes();
  useTimeZoneSync();
  const counts = useMemo(() => ({ ...around, newLikes }), [around, newLikes]);
  const queryClient = useQueryClient();
  // A logout (or another member's login) closes what the previous member had open.
  useEffect(() => {
    if (!likes) openLikeDialog(queryClient, null);
  }, [likes, queryClient]);
  return (
    <ActivityCountsContext.Provider value={counts}>
      {children}
      <AppBadge />
      <LikeDialogs />
    </ActivityCountsContext.Provider>
  );
}
