import { Suspense } from 'react';
import { lazyWithReload } from '../../app/chunk-reload';
import { useSession } from '../session/use-session';

// Its own small chunk: visitors never load it, and no page waits for it.
const AutoLike = lazyWithReload(() => import('./auto-like'));

/** Mounted once in the app's shell: starts the auto-like (and `t=` on load) for a logged-in member. */
export function AutoLikeLauncher() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AutoLike userId={user.id} />
    </Suspense>
  );
}
