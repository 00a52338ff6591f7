/**
 * What the service worker does with each request (decision 041). Pure, so a test can read the
 * rules without a worker: the app's hashed files are cached, navigations go to the network first
 * with the offline page as their fallback, and everything else (API answers, photos, the live
 * channel, the back office, other origins) passes through untouched and is never stored.
 */

import { OFFLINE_SCRIPT_PATH } from '@cupido/shared/rules/installable-app';

/** Every cache of this worker starts with this; activate deletes those of older versions. */
export const CACHE_PREFIX = 'cupido-app-';

export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/** Whether a cache is one of this worker's (of any version): other caches of the origin are not ours to delete. */
export const isAppCache = (name: string) => name.startsWith(CACHE_PREFIX);

export type FetchStrategy = 'navigation' | 'asset' | 'network';

export interface RequestLike {
  method: string;
  mode: string;
  url: string;
}

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * - 'asset': a hashed file of the members' build under /assets/ (immutable), or the offline page's
 *   script (precached with this version, and needed when there is no network): cache first.
 * - 'navigation': a page of the app: network first, the offline page when the network fails.
 * - 'network': not handled; the browser fetches it as if there were no worker, and nothing is cached.
 */
export function fetchStrategy(request: RequestLike, origin: string): FetchStrategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  // Member data never enters a cache: API answers (the back office's too) and photos.
  if (isUnder(url.pathname, '/api') || isUnder(url.pathname, '/photos')) return 'network';
  // The back office is never cached (its pages are no-store) and has its own offline behaviour: none.
  if (isUnder(url.pathname, '/admin') || url.pathname.startsWith('/assets/admin/')) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname.startsWith('/assets/') || url.pathname === OFFLINE_SCRIPT_PATH) return 'asset';
  return 'network';
}
