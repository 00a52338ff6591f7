import type { TLikeAnswer, TLikedProfileCard, TLikesAnswer } from '@cupido/shared/contracts/likes';
import type { StubAnswer } from '../../../test/api-stub';
import { makeCard } from '../../../test/profile-fixtures';

/** GET /api/likes.php: `liked` the member likes, `likedBy` like the member ([id, new?]). */
export function likesAnswer(liked: number[] = [], likedBy: [number, boolean][] = []): StubAnswer {
  const body: TLikesAnswer = {
    profiles: liked.map((id) => ({ id, like_new: false })),
    liked_by: likedBy.map(([id, like_new]) => ({ id, like_new })),
  };
  return { body };
}

export function likedCard(id: number, overrides: Partial<TLikedProfileCard> = {}): TLikedProfileCard {
  return { ...makeCard(id), like_state: 'none', like_new: false, ...overrides };
}

export function likeAnswer(profileId: number, overrides: Partial<TLikeAnswer> = {}): StubAnswer {
  const body: TLikeAnswer = {
    profile_id: profileId,
    like_state: 'liked',
    likes_left: 3,
    likes_reset_at: '2026-11-24T00:00:00.000Z',
    match: null,
    ...overrides,
  };
  return { body };
}
