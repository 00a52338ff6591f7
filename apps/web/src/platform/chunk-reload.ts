import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '@cupido/shared/rules/constants';

export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
  /** True while the browser knows it has no connection (navigator.onLine === false). */
  isOffline: () => boolean;
  /** Resolves when the connection is back (the window's `online` event). */
  whenOnline: () => Promise<void>;
}

const browserDeps = (): ChunkReloadDeps => ({
  storage: window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
  isOffline: () => navigator.onLine === false,
  whenOnline: () => new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
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

/**
 * Wraps a dynamic import: on failure reload once per minute, else let the route's error page show.
 * Offline (a tunnel, a sleeping phone) the chunk is not gone, only out of reach, and reloading would
 * open the browser's offline page over what the member was writing: wait for the connection and try
 * again; only a failure after that counts as a new version.
 */
export function loadChunk<T>(load: () => Promise<T>, deps?: ChunkReloadDeps): Promise<T> {
  return load().catch((error: unknown) => {
    // Built only on failure: the happy path never touches storage, which may be blocked.
    const failureDeps = deps ?? browserDeps();
    const reloadOrThrow = (finalError: unknown): Promise<T> => {
      if (reloadForFailedChunk(failureDeps)) return new Promise<T>(() => {}); // the page is going away
      throw finalError;
    };
    if (failureDeps.isOffline()) return failureDeps.whenOnline().then(load).catch(reloadOrThrow);
    return reloadOrThrow(error);
  });
}

/**
 * Bootstrap's components that only lazy screens use (modal, progress, tables, ...; styles/extras.scss):
 * out of the render-blocking CSS, fetched with the first lazy chunk and cached after that.
 */
const loadExtraStyles = () => import('../styles/extras.scss');

/**
 * A lazy route component that can also start fetching its chunk before React renders it: `preload`
 * for the page being opened (with the reload guard), `prefetch` for a page the member may open next
 * (link prefetch: a failed fetch, offline or a blip, changes nothing and never reloads the page).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PreloadableComponent<C extends ComponentType<any>> = LazyExoticComponent<C> & {
  preload: () => Promise<unknown>;
  prefetch: () => Promise<unknown>;
  /** The import itself: link prefetch reads which chunk it imports, to fetch its files without running them (decision 069). */
  load: () => Promise<unknown>;
};

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
  const prefetch = () => Promise.all([load(), loadExtraStyles()]).catch(() => undefined);
  return Object.assign(lazy(loadOnce), { preload: loadOnce, prefetch, load });
}
