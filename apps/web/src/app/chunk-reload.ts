import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '@cupido/shared/constants';

export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

const browserDeps = (): ChunkReloadDeps => ({
  storage: window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
});

/**
 * After a deploy, an open tab may ask for chunks that no longer exist. Reloading fetches the new
 * index; the time of the last reload is kept so a truly broken chunk cannot loop (once a minute).
 * Returns true when a reload was started.
 */
export function reloadForFailedChunk(deps: ChunkReloadDeps = browserDeps()): boolean {
  let last = 0;
  try {
    last = Number(deps.storage.getItem(CHUNK_RELOAD_STORAGE_KEY)) || 0;
  } catch {
    // Storage blocked: reloading without a guard could loop, so do not reload.
    return false;
  }
  const now = deps.now();
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    deps.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}

/** Wraps a dynamic import: on failure reload once per minute, else let the route's error page show. */
export function loadChunk<T>(load: () => Promise<T>, deps?: ChunkReloadDeps): Promise<T> {
  return load().catch((error: unknown) => {
    if (reloadForFailedChunk(deps)) return new Promise<T>(() => {}); // the page is going away
    throw error;
  });
}

/**
 * Bootstrap's components that only lazy screens use (modal, progress, tables, ...; styles/extras.scss):
 * out of the render-blocking CSS, fetched with the first lazy chunk and cached after that.
 */
const loadExtraStyles = () => import('../styles/extras.scss');

/** A lazy route component that can also start fetching its chunk before React renders it. */
export type PreloadableComponent<C extends ComponentType<any>> = LazyExoticComponent<C> & { preload: () => Promise<unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * React.lazy with the reload guard and a `preload()` that shares the same fetch: the boot code calls
 * it for the route being opened (router.tsx, preloadRoute), so the page's chunk downloads while the
 * settings and session calls are still on the way instead of after them. A failed fetch is forgotten,
 * so a later render tries again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithReload<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): PreloadableComponent<C> {
  let pending: Promise<{ default: C }> | undefined;
  const loadOnce = () =>
    (pending ??= loadChunk(() => Promise.all([load(), loadExtraStyles()]).then(([module]) => module)).catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}
