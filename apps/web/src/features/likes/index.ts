/**
 * What other features use of liking (the profile screens, the swipe game, match finder): the
 * store, the action, the button, the limit notice and the match modal. LikesProvider sits in the
 * app's shell. Likes sits below profiles and matching: it never imports them.
 */
export { useLikes, type Likes } from './use-likes';
export { useLikeAction, type LikeAction } from './use-like-action';
export { useMatchModal } from './like-dialogs';
export { LikesProvider, MatchModal, LikeLimitNotice } from './likes-provider';
export { LikeButton, CardLikeState } from './like-button';
export { useMarkLikeSeen } from './use-mark-like-seen';
export type { LikeSource } from './like-calls';
export { likesReturnState, likesUrlOf } from './likes-return';
