import { useCallback, useMemo } from 'react';
import { likeStateOf, type LikeState } from '@cupido/shared/like-rules';
import type { TLikesAnswer } from '@cupido/shared/likes';
import { useLikesQuery } from './like-calls';

export interface Likes {
  /** GET /api/likes.php of the member; undefined for a visitor or while it loads. */
  likes: TLikesAnswer | undefined;
  /** The state between the member and a profile, from the two directions of liking (spec section 4). */
  stateOf: (profileId: number) => LikeState;
  /** Likes of the member not opened yet: the Likes badge and the title prefix. */
  newLikes: number;
}

/** How many likes of the member are new (liked_by entries with like_new). */
export function countNewLikes(likes: TLikesAnswer | undefined): number {
  return likes?.liked_by.filter((entry) => entry.like_new).length ?? 0;
}

/** The member's likes store: refreshed every 60 s (first after 5 s), updated by every like and unlike. */
export function useLikes(): Likes {
  const likes = useLikesQuery().data;
  const [liked, likedMe] = useMemo(
    () => [new Set(likes?.profiles.map((entry) => entry.id)), new Set(likes?.liked_by.map((entry) => entry.id))],
    [likes],
  );
  const stateOf = useCallback((profileId: number) => likeStateOf(liked.has(profileId), likedMe.has(profileId)), [liked, likedMe]);
  return { likes, stateOf, newLikes: countNewLikes(likes) };
}
