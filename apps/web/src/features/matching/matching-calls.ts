/**
 * The swipe game's, the match finder's, the signup suggestions' and the auto-like's calls, one hook
 * or function each. Types come from the shared contracts (`import type` only: no zod in these chunks).
 * Each sends `looking_for` when this tab keeps whom the member looks for (session-seeking.ts): the
 * server stores it only with the orientation consent, so without it the browser says it (decision 036).
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { MatchFinderAgeGroup } from '@cupido/shared/rules/likes';
import type { TAutoLikeAnswer, TSuggestionsAnswer, TSwipeStackAnswer } from '@cupido/shared/contracts/likes';
import { apiGet, apiPost, type ApiError } from '../../api/client';
import { useSession } from '../session/use-session';
import { seekingQuery } from '../session-seeking/session-seeking';

export const SWIPE_STACK_QUERY_KEY = ['swipe-stack'] as const;
/** Chats reload 500 ms after an auto-like shows (spec section 6); the chats feature owns this key. */
export const CHATS_QUERY_KEY = ['chats'] as const;

/**
 * GET /api/swipe-stack.php, page after page. The server leaves out whom the member liked or passed,
 * so a later page may repeat cards still waiting on screen: it is the next page while it brings
 * any profile not seen before, and the stack is at its end once one brings none.
 */
export function useSwipeStackPages() {
  const { user } = useSession();
  return useInfiniteQuery<TSwipeStackAnswer, ApiError, { pages: TSwipeStackAnswer[] }, typeof SWIPE_STACK_QUERY_KEY, number>({
    queryKey: SWIPE_STACK_QUERY_KEY,
    queryFn: () => apiGet<TSwipeStackAnswer>('/api/swipe-stack.php', seekingQuery(user?.id)),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) => {
      const seenBefore = new Set(allPages.slice(0, -1).flatMap((page) => page.profiles.map((p) => p.id)));
      return lastPage.profiles.some((p) => !seenBefore.has(p.id)) ? lastPageParam + 1 : undefined;
    },
    // The stack is the member's place in the game: no refetch behind their back resets it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** POST /api/pass.php: a left swipe, remembered by the server so the profile does not come back. */
export function usePass() {
  return useMutation<unknown, ApiError, number>({
    mutationFn: (profileId) => apiPost('/api/pass.php', { profile_id: profileId }),
  });
}

/** GET /api/match-finder.php for one age group (none chosen yet: nothing asked). */
export function useMatchFinder(ageGroup: MatchFinderAgeGroup | null) {
  const { user } = useSession();
  const seeking = seekingQuery(user?.id);
  return useQuery<TSuggestionsAnswer, ApiError>({
    queryKey: ['match-finder', ageGroup, seeking.looking_for ?? null],
    queryFn: () => apiGet<TSuggestionsAnswer>('/api/match-finder.php', { age_group: ageGroup!, ...seeking }),
    enabled: ageGroup !== null,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/signup-matches.php: suggestions from the preferences given at signup. */
export function useSignupMatches() {
  const { user } = useSession();
  const seeking = seekingQuery(user?.id);
  return useQuery<TSuggestionsAnswer, ApiError>({
    queryKey: ['signup-matches', seeking.looking_for ?? null],
    queryFn: () => apiGet<TSuggestionsAnswer>('/api/signup-matches.php', seeking),
    refetchOnWindowFocus: false,
  });
}

/** GET /api/auto-like.php: a fictional profile that now likes the member (and would be shown to them), or null. */
export async function fetchAutoLike(userId: number): Promise<TAutoLikeAnswer['profile']> {
  return (await apiGet<TAutoLikeAnswer>('/api/auto-like.php', seekingQuery(userId))).profile;
}
