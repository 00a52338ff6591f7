/**
 * What other features use of liking (the profile screens, the swipe game, match finder): the
 * store, the action, the button, the limit notice and the match modal. LikesProvider sits in the
 * app's shell. Likes sits below profiles and matching: it never imports them. Chats reloads the
 * likes (the query keys) when the live channel says someone liked the member.
 */
export { useLikes, type Likes } from './use-likes';
export { useLikeAction, type LikeAction } from './use-like-action';
export { useMatchModal } from './like-dialogs';
export { LikesProvider, MatchModal, LikeLimitNotice } from './likes-provider';
export { LikeButton, CardLikeState } from './like-button';
export { useMarkLikeSeen } from './use-mark-like-seen';
export { LIKES_QUERY_KEY, LIKES_PAGE_QUERY_KEY, type LikeSource } from './like-calls';
export { countNewLikes } from './use-likes';
export { likesReturnState, likesUrlOf } from './likes-return';
