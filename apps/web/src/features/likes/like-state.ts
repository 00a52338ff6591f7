import { useCallback, useMemo } from 'react';
import { likeStateOf, type LikeState } from '@cupido/shared/rules/likes';
import { useLikes } from './use-likes';

/** The state between the member and a profile, from the two directions of liking (spec section 4), per the likes store. */
export function useLikeStateOf(): (profileId: number) => LikeState {
  const { likes } = useLikes();
  const [liked, likedMe] = useMemo(
    () => [new Set(likes?.profiles.map((entry) => entry.id)), new Set(likes?.liked_by.map((entry) => entry.id))],
    [likes],
  );
  return useCallback((profileId: number) => likeStateOf(liked.has(profileId), likedMe.has(profileId)), [liked, likedMe]);
}
