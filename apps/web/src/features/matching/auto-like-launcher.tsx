import { Suspense } from 'react';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useSession } from '../session/use-session';
import { autoLikeDelaySeconds } from './auto-like-timing';

// Its own small chunk: visitors never load it, and no page waits for it.
const AutoLike = lazyWithReload(() => import('./auto-like'));

/**
 * `t` as the page was loaded with: read when the app starts, before a page can rewrite the address
 * (the search page replaces its query with the member's default filters) or the member logs in.
 */
const DELAY_ON_LOAD = autoLikeDelaySeconds(window.location.search);

/** Mounted once in the app's shell: starts the auto-like (and `t=` on load) for a logged-in member. */
export function AutoLikeLauncher() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AutoLike userId={user.id} delaySeconds={DELAY_ON_LOAD} />
    </Suspense>
  );
}
