/**
 * The app shell's caching (decision 041): the initial JavaScript and CSS and the offline page are
 * cached at install, every other hashed file of /assets/ when first fetched (cache first: they are
 * immutable); pages go to the network first and fall back to the offline page. API answers and
 * photos are never cached (cache-rules.ts).
 */
import { BUILD } from './build-info';
import { cacheName, fetchStrategy, isAppCache } from './cache-rules';
import { OFFLINE_PAGE_PATH } from '@cupido/shared/rules/installable-app';

declare const self: ServiceWorkerGlobalScope;

const CACHE = cacheName(BUILD.version);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Straight from the server, never from the HTTP cache: the offline page must be this build's.
      await cache.addAll(BUILD.precache.map((url) => new Request(url, { cache: 'reload' })));
      // A deploy takes over at once; pages still on the old build reload a chunk that is gone (app/chunk-reload.ts).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const stale = (await caches.keys()).filter((name) => isAppCache(name) && name !== CACHE);
      await Promise.all(stale.map((name) => caches.delete(name)));
      // No navigation preload: the browser would send it for every navigation in scope, also those
      // this worker leaves to the network (/api/...), and then fetch those a second time, so a
      // mailed one-time link (reactivation, activation) was used up by the preload and refused.
      await self.registration.navigationPreload?.disable();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = fetchStrategy(event.request, self.location.origin);
  if (strategy === 'navigation') event.respondWith(networkFirst(event));
  else if (strategy === 'asset') event.respondWith(cacheFirst(event));
  // Anything else is not answered here: the browser fetches it as without a worker, and nothing is stored.
});

async function networkFirst(event: FetchEvent): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch {
    // No network (a server that answers, even with an error, is passed on as it is).
    return (await caches.match(OFFLINE_PAGE_PATH, { cacheName: CACHE, ignoreVary: true })) ?? Response.error();
  }
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(event.request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}
