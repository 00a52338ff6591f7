import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LIKE_SOURCES, LikesPageType } from '@cupido/shared/rules/likes';
import type { TLikeAnswer, TLikesAnswer, TLikesPageAnswer } from '@cupido/shared/contracts/likes';
import { request } from '../../api/client';
import { memberRefreshInterval, SESSION_FIRST_REFRESH_MS, useSession } from '../session/use-session';

/** Where a like was given (the server tells the swipe game's refusal from the others'). */
export type LikeSource = (typeof LIKE_SOURCES)[number];

/** The cache entry of GET /api/likes.php: whom the member liked and who liked them. */
export const LIKES_QUERY_KEY = ['likes'] as const;

export function fetchLikes(): Promise<TLikesAnswer> {
  return request<TLikesAnswer>('/api/likes.php');
}

/** The likes query of a member (visitors have none: `enabled` is false for them). */
export function useLikesQuery() {
  const { loggedIn, user } = useSession();
  return useQuery({
    // Keyed by the member, so another login never shows the previous member's likes.
    queryKey: [...LIKES_QUERY_KEY, user?.id ?? 0],
    queryFn: fetchLikes,
    enabled: loggedIn,
    // Spec sections 7 and 9: refreshed as the session (60 s, 300 s with push, the first time after 5 s).
    staleTime: SESSION_FIRST_REFRESH_MS,
    refetchInterval: memberRefreshInterval,
  });
}

export function sendLike(profileId: number, source: LikeSource): Promise<TLikeAnswer> {
  return request<TLikeAnswer>('/api/like.php', { method: 'POST', body: { profile_id: profileId, source } });
}

export function sendUnlike(profileId: number): Promise<TLikeAnswer> {
  return request<TLikeAnswer>('/api/like.php', { method: 'DELETE', body: { profile_id: profileId } });
}

export function sendLikeSeen(profileId: number): Promise<unknown> {
  return request('/api/likes-seen.php', { method: 'POST', body: { profile_id: profileId } });
}

/**
 * Writes the answer of a like or unlike into every cached likes answer at once (the member's
 * entry of `profiles` added or removed), so every button and badge shows it before the next refresh.
 */
export function applyLikeAnswer(queryClient: QueryClient, answer: TLikeAnswer): void {
  const likedByMe = answer.like_state === 'liked' || answer.like_state === 'match';
  queryClient.setQueriesData<TLikesAnswer>({ queryKey: LIKES_QUERY_KEY }, (likes) => {
    if (!likes) return likes;
    const others = likes.profiles.filter((entry) => entry.id !== answer.profile_id);
    return { ...likes, profiles: likedByMe ? [{ id: answer.profile_id, like_new: true }, ...others] : others };
  });
}

/** Marks the like of `profileId` as opened in the cached answers (after POST /api/likes-seen.php). */
export function markLikeSeen(queryClient: QueryClient, profileId: number): void {
  queryClient.setQueriesData<TLikesAnswer>({ queryKey: LIKES_QUERY_KEY }, (likes) =>
    likes ? { ...likes, liked_by: likes.liked_by.map((entry) => (entry.id === profileId ? { ...entry, like_new: false } : entry)) } : likes,
  );
}

export const LIKES_PAGE_QUERY_KEY = ['likes-page'] as const;

/** One page of /likes/{type} (GET /api/likes-page.php); the previous page stays while the next loads. */
export function useLikesPage(type: LikesPageType, page: number) {
  return useQuery({
    queryKey: [...LIKES_PAGE_QUERY_KEY, type, page],
    queryFn: () => request<TLikesPageAnswer>('/api/likes-page.php', { query: { type, page: String(page) } }),
    placeholderData: keepPreviousData,
  });
}
