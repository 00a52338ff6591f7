import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { useSwipeStackPages } from './matching-calls';

/** Fewer cards than this waiting: the next page is asked for, so the member never waits on an empty stack. */
export const PREFETCH_BELOW = 4;

/**
 * The swipe game's stack: the profiles of every page fetched so far, each once, without those the
 * member decided on here. A decision takes a card off at once; `putBack` returns it on top (a like
 * the server refused). The next page is fetched while a few cards are still waiting.
 */
export function useSwipeStack() {
  const pages = useSwipeStackPages();
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  const [returned, setReturned] = useState<readonly number[]>([]);

  const waiting = useMemo(() => {
    const byId = new Map<number, TLikedProfileCard>();
    for (const page of pages.data?.pages ?? [])
      for (const profile of page.profiles) if (!byId.has(profile.id)) byId.set(profile.id, profile);
    const open = [...byId.values()].filter((profile) => !decided.has(profile.id));
    // Cards put back go first, the latest on top.
    const back = returned.map((id) => open.find((profile) => profile.id === id)).filter((profile) => profile !== undefined);
    return [...back, ...open.filter((profile) => !returned.includes(profile.id))];
  }, [pages.data, decided, returned]);

  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = pages;
  useEffect(() => {
    if (pages.isSuccess && waiting.length < PREFETCH_BELOW && hasNextPage && !isFetching) void fetchNextPage();
  }, [pages.isSuccess, waiting.length, hasNextPage, isFetching, fetchNextPage]);

  const take = useCallback((profileId: number) => {
    setDecided((ids) => new Set(ids).add(profileId));
    setReturned((ids) => ids.filter((id) => id !== profileId));
  }, []);

  const putBack = useCallback((profileId: number) => {
    setDecided((ids) => {
      const next = new Set(ids);
      next.delete(profileId);
      return next;
    });
    setReturned((ids) => [profileId, ...ids.filter((id) => id !== profileId)]);
  }, []);

  const lastPage = pages.data?.pages.at(-1);
  return {
    waiting,
    /** Nothing left and nothing more to fetch: the empty state. */
    finished: pages.isSuccess && waiting.length === 0 && !hasNextPage && !isFetchingNextPage,
    loading: pages.isPending || (waiting.length === 0 && isFetchingNextPage),
    error: pages.error,
    retry: () => void (pages.data ? fetchNextPage() : pages.refetch()),
    likesLeft: lastPage?.likes_left ?? null,
    /** The member's next local midnight, when free Likes start again (the server's word). */
    likesResetAt: lastPage ? new Date(lastPage.likes_reset_at) : null,
    take,
    putBack,
  };
}
