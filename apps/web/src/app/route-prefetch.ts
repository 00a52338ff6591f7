/**
 * Link prefetch's side of the router (spec section 7, decision 069): which page a link opens, and
 * fetching that page's chunk. A chunk of its own, loaded after the first screen (main.tsx).
 */
import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { fetchChunkFiles, startLinkPrefetch } from './link-prefetch';
import { appRoutes, preloadElement } from './router';

/**
 * A path's shape: its all-digit segments (ids) read as one. Which page opens never depends on an
 * id's value, and no route has an all-digit segment of its own (route-prefetch.test.ts checks both).
 */
export function pathShape(pathname: string): string {
  return pathname.replace(/\/\d+(?=\/|$)/g, '/0');
}

/** Pages found per route tree and path shape; a tree keeps at most SHAPES_KEPT shapes, then starts again. */
const elementsByShape = new WeakMap<RouteObject[], Map<string, ReactNode>>();
const SHAPES_KEPT = 200;

/**
 * The page a path opens (the deepest match's element). react-router's matchRoutes flattens the
 * whole route tree and compiles every route's pattern on each call, about 15 ms of a throttled
 * phone's main thread, and link prefetch asks for every link on screen: mostly profiles, which
 * differ only by their id. Kept per path shape, a search page's twenty profile links cost one match.
 */
export function routeElementAt(pathname: string, routes: RouteObject[] = appRoutes): ReactNode {
  let byShape = elementsByShape.get(routes);
  if (!byShape) elementsByShape.set(routes, (byShape = new Map()));
  const shape = pathShape(pathname);
  if (byShape.has(shape)) return byShape.get(shape);
  if (byShape.size >= SHAPES_KEPT) byShape.clear();
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element ?? null;
  byShape.set(shape, element);
  return element;
}

/**
 * Link prefetch's fetch: like the router's preloadRoute, without the chunk reload guard.
 * `fetchFiles` is given the page's import first and answers whether it fetched the chunk's files
 * without running them (decision 069); otherwise the page is prefetched through its import.
 */
export function prefetchRoute(
  pathname: string,
  fetchFiles?: (load: () => Promise<unknown>) => boolean,
  routes: RouteObject[] = appRoutes,
): boolean {
  const element = routeElementAt(pathname, routes);
  const load: unknown = isValidElement(element) ? (element.type as { load?: unknown }).load : undefined;
  if (fetchFiles && typeof load === 'function' && fetchFiles(load as () => Promise<unknown>)) return true;
  return preloadElement(element, 'prefetch');
}

/** Starts link prefetch for the app's pages (main.tsx, once the first screen is there). Answers a stop. */
export function startPrefetchingLinks(): () => void {
  return startLinkPrefetch((pathname) => prefetchRoute(pathname, (load) => fetchChunkFiles(load)));
}
