import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { nextLocalMidnight } from '@cupido/shared/rules/likes';
import type { TLikeAnswer } from '@cupido/shared/contracts/likes';
import { ApiError } from '../../api/client';
import { applyLikeAnswer, LIKES_PAGE_QUERY_KEY, LIKES_QUERY_KEY, sendLike, sendUnlike, type LikeSource } from './like-calls';
import { openLikeDialog } from './like-dialogs';
import { browserTimeZone } from './time-zone';

export interface LikeAction {
  /** POST /api/like.php. Rejects with the ApiError when refused (after showing the limit notice for a 429). */
  like: (profileId: number, source: LikeSource) => Promise<TLikeAnswer>;
  /** DELETE /api/like.php (unliking gives no Like back). */
  unlike: (profileId: number) => Promise<TLikeAnswer>;
  /** A like or unlike of this hook is on its way. */
  pending: boolean;
}

/**
 * Liking and unliking: on success the likes store shows the new state at once (and is then
 * refreshed); a like that completes a match opens the match modal; the daily limit (429
 * like_limit_reached) opens the limit notice with its countdown, except for swipes: the swipe game
 * shows its own text in place.
 */
export function useLikeAction(): LikeAction {
  const queryClient = useQueryClient();
  const [inFlight, setInFlight] = useState(0);

  const settle = useCallback(
    async (call: () => Promise<TLikeAnswer>, source: LikeSource | null) => {
      setInFlight((count) => count + 1);
      try {
        const answer = await call();
        applyLikeAnswer(queryClient, answer);
        void queryClient.invalidateQueries({ queryKey: LIKES_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: LIKES_PAGE_QUERY_KEY });
        if (answer.match) openLikeDialog(queryClient, { kind: 'match', profile: answer.match });
        return answer;
      } catch (error) {
        // The swipe game shows the daily limit in place of its cards (LikeLimitNotice variant
        // swipe): a dialog on top would say the same twice.
        const limit = error instanceof ApiError && error.code === 'like_limit_reached';
        if (error instanceof ApiError && error.status === 429 && !(limit && source === 'swipe')) {
          openLikeDialog(
            queryClient,
            limit
              ? { kind: 'limit', variant: 'default', resetAt: nextLocalMidnight(new Date(), browserTimeZone()) }
              : { kind: 'refused', message: error.message },
          );
        }
        throw error;
      } finally {
        setInFlight((count) => count - 1);
      }
    },
    [queryClient],
  );

  const like = useCallback((profileId: number, source: LikeSource) => settle(() => sendLike(profileId, source), source), [settle]);
  const unlike = useCallback((profileId: number) => settle(() => sendUnlike(profileId), null), [settle]);
  return { like, unlike, pending: inFlight > 0 };
}
