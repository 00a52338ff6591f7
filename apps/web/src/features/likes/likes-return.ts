/**
 * A profile opened from the likes (/likes/m/{id}) leads back to the likes tab and page it was
 * opened from: the cards of /likes/{type} hand their URL to the profile in the history state.
 */
import { routePath } from '@cupido/shared/rules/routes';

export interface LikesReturnState {
  likesUrl: string;
}

/** The history state a card of the likes pages carries to the profile. */
export function likesReturnState(location: { pathname: string; search: string }): LikesReturnState {
  return { likesUrl: location.pathname + location.search };
}

/** Where "Back to likes" goes: the likes page the profile was opened from, else /likes. */
export function likesUrlOf(state: unknown): string {
  const url = (state as Partial<LikesReturnState> | null)?.likesUrl;
  const likes = routePath('likes');
  // Only a path of the likes pages (never a likes profile itself): history state is not trusted to point anywhere else.
  const isLikesPage = typeof url === 'string' && /^\/likes(\/(liked|liked-by|matches))?(\?[^#]*)?$/.test(url);
  return isLikesPage ? url : likes;
}
