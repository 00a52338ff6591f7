import type { TLikesAnswer } from '@cupido/shared/contracts/likes';
import { useLikesQuery } from './like-calls';

export interface Likes {
  /** GET /api/likes.php of the member; undefined for a visitor or while it loads. */
  likes: TLikesAnswer | undefined;
  /** Likes of the member not opened yet: the Likes badge and the title prefix. */
  newLikes: number;
}

/** How many likes of the member are new (liked_by entries with like_new). */
export function countNewLikes(likes: TLikesAnswer | undefined): number {
  return likes?.liked_by.filter((entry) => entry.like_new).length ?? 0;
}

/**
 * The member's likes store: refreshed every 60 s (first after 5 s), updated by every like and
 * unlike. The state towards one profile is useLikeStateOf (like-state.ts), kept apart so the
 * shell, which only counts new likes, does not carry the like rules.
 */
export function useLikes(): Likes {
  const likes = useLikesQuery().data;
  return { likes, newLikes: countNewLikes(likes) };
}
