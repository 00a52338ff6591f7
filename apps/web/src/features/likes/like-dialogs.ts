import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';

export type LimitNoticeVariant = 'swipe' | 'default';

/** The one dialog of liking open at a time: the match modal, or the refusal of a like. */
export type LikeDialog =
  | { kind: 'match'; profile: TLikedProfileCard }
  | { kind: 'limit'; variant: LimitNoticeVariant; resetAt: Date }
  | { kind: 'refused'; message: string };

/**
 * The open dialog lives in the query cache, not in a React context: a like from any screen (or a
 * test without the app's shell) can open it, and the shell's LikesProvider shows it.
 */
const LIKE_DIALOG_KEY = ['like-dialog'] as const;

export function openLikeDialog(queryClient: QueryClient, dialog: LikeDialog | null): void {
  queryClient.setQueryData<LikeDialog | null>(LIKE_DIALOG_KEY, dialog);
}

/** The open dialog (null when none), for the shell that renders it. */
export function useOpenLikeDialog(): LikeDialog | null {
  return useQuery<LikeDialog | null>({
    queryKey: LIKE_DIALOG_KEY,
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}

/** Opens the match/new-like modal with a profile from anywhere (a like, the auto-like, t= on load). */
export function useMatchModal(): { open: (profile: TLikedProfileCard) => void; close: () => void } {
  const queryClient = useQueryClient();
  const open = useCallback((profile: TLikedProfileCard) => openLikeDialog(queryClient, { kind: 'match', profile }), [queryClient]);
  const close = useCallback(() => openLikeDialog(queryClient, null), [queryClient]);
  return { open, close };
}
