import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIKES_PAGE_QUERY_KEY, LIKES_QUERY_KEY, markLikeSeen, sendLikeSeen } from './like-calls';
import { useLikes } from './use-likes';

/**
 * Spec section 4: opening a liked-by profile (/likes/m/{id}) clears its new-like flag. Called by
 * the profile screen with the profile's id there (null elsewhere); it tells the server once the
 * store shows that like as new, then the Likes badge and the title count it no more.
 */
export function useMarkLikeSeen(profileId: number | null): void {
  const queryClient = useQueryClient();
  const { likes } = useLikes();
  const isNew = profileId !== null && !!likes?.liked_by.some((entry) => entry.id === profileId && entry.like_new);
  // One call per profile while the screen is open, even if a refresh answers before the server has it.
  const sent = useRef(new Set<number>());
  useEffect(() => {
    if (!isNew || profileId === null || sent.current.has(profileId)) return;
    sent.current.add(profileId);
    sendLikeSeen(profileId).then(
      async () => {
        // A refresh of the likes still on its way may have been read before the server stored the
        // opening: its answer would bring the flag (and the badge) back until the next refresh.
        // It is dropped; every refresh from now on reads the opening.
        await queryClient.cancelQueries({ queryKey: LIKES_QUERY_KEY });
        markLikeSeen(queryClient, profileId);
        void queryClient.invalidateQueries({ queryKey: LIKES_PAGE_QUERY_KEY });
      },
      () => {
        // The flag stays; opening the profile again tries again.
        sent.current.delete(profileId);
      },
    );
  }, [isNew, profileId, queryClient]);
}
