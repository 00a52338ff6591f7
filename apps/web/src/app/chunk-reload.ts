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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithReload<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  return lazy(() => loadChunk(() => Promise.all([load(), loadExtraStyles()]).then(([module]) => module)));
}
