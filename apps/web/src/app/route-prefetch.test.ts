import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { lazyWithReload } from '../platform/chunk-reload';
import { appRoutes } from './router';
import { pathShape, prefetchRoute, routeElementAt } from './route-prefetch';

// Counts the router's matching, which the shape cache is there to save.
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes) };
});

/** Every route's full path in a tree (`/members/:id/chat`, …). */
function fullPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [...(route.path === undefined ? [] : [path]), ...fullPaths(route.children ?? [], path)];
  });
}

const lazyPage = () =>
  Object.assign(
    lazyWithReload(async () => ({ default: () => null })),
    { preload: vi.fn(), prefetch: vi.fn(async () => undefined) },
  );

describe('route prefetch', () => {
  it("hands link prefetch the page's import, and prefetches through the import only when its files could not be fetched alone", () => {
    const load = async () => ({ default: () => null });
    const Page = Object.assign(lazyWithReload(load), { preload: vi.fn(), prefetch: vi.fn(async () => undefined) });
    const routes = [{ path: '/page', element: createElement(Page) }];
    const fetchFiles = vi.fn(() => true);
    expect(prefetchRoute('/page', fetchFiles, routes)).toBe(true);
    expect(fetchFiles).toHaveBeenCalledExactlyOnceWith(load);
    expect(Page.prefetch).not.toHaveBeenCalled();
    // The dev server's import names no built file: fetchFiles answers false, the import prefetches.
    expect(prefetchRoute('/page', () => false, routes)).toBe(true);
    expect(Page.prefetch).toHaveBeenCalledOnce();
    expect(Page.preload).not.toHaveBeenCalled();
    expect(prefetchRoute('/nope', fetchFiles, routes)).toBe(false);
  });

  it('matches the route tree once for links that differ only by an id', () => {
    const Profile = lazyPage();
    const Chat = lazyPage();
    const routes = [
      { path: '/members/:id', element: createElement(Profile) },
      { path: '/members/:id/chat', element: createElement(Chat) },
    ];
    vi.mocked(matchRoutes).mockClear();
    for (let id = 1; id <= 20; id++) expect(prefetchRoute(`/members/${id}`, () => true, routes)).toBe(true);
    expect(matchRoutes).toHaveBeenCalledOnce();
    expect(prefetchRoute('/members/7/chat', () => false, routes)).toBe(true);
    expect(prefetchRoute('/members/8/chat', () => false, routes)).toBe(true);
    expect(matchRoutes).toHaveBeenCalledTimes(2);
    expect(Chat.prefetch).toHaveBeenCalledTimes(2);
    expect(Profile.prefetch).not.toHaveBeenCalled();
  });

  it('reads ids as one shape, and no app route tells ids apart or has an all-digit segment of its own', () => {
    expect(pathShape('/members/57')).toBe('/members/0');
    expect(pathShape('/members/57/chat')).toBe('/members/0/chat');
    expect(pathShape('/chats/3')).toBe('/chats/0');
    expect(pathShape('/p/x57')).toBe('/p/x57');
    const paths = fullPaths(appRoutes);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      expect(
        path.split('/').filter((segment) => /^\d+$/.test(segment)),
        path,
      ).toEqual([]);
      // The page an id opens is the page any other id opens.
      const withId = (id: string) => path.replace(/:[\w-]+\??/g, id).replace(/\*$/, 'x');
      const pageOf = (pathname: string) => matchRoutes(appRoutes, pathname)?.at(-1)?.route.element;
      expect(pageOf(withId('57')), path).toBe(pageOf(withId('0')));
      expect(routeElementAt(withId('123'))).toBe(pageOf(withId('123')));
    }
  });
});
