import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import { ROUTES, SERVED_ROUTE_NAMES } from '@cupido/shared/rules/routes';
import { createElement } from 'react';
import { appRoutes, preloadRoute, registeredRouteNames, type RouteHandle } from './router';
import { lazyWithReload } from '../platform/chunk-reload';

describe('router', () => {
  it('registers exactly the served route names, each once', () => {
    const names = registeredRouteNames();
    expect(new Set(names)).toEqual(new Set(SERVED_ROUTE_NAMES));
    expect(names).toHaveLength(SERVED_ROUTE_NAMES.length);
  });

  it.each(SERVED_ROUTE_NAMES)('matches the spec path of %s by its name', (name) => {
    const matches = matchRoutes(appRoutes, ROUTES[name]);
    const leaf = matches?.at(-1)?.route.handle as RouteHandle | undefined;
    expect(leaf?.name).toBe(name);
  });

  it('sends unknown paths (and screens that do not exist yet) to the catch-all', () => {
    // '/pages/unknown' is the {token} route's: its page answers 404 (static-token-page.test.tsx).
    for (const path of ['/nope', '/complaints/12', '/credits/p1/ideal/more', '/chats/12/more', '/pages/faq/more', '/members/7/landing4']) {
      expect(matchRoutes(appRoutes, path)?.at(-1)?.route.path).toBe('*');
    }
  });

  it('preloads the lazy chunk of the page being opened, and nothing for eager or unknown pages', () => {
    expect(preloadRoute(ROUTES.login)).toBe(true);
    expect(preloadRoute('/members/12')).toBe(true);
    expect(preloadRoute('/chats/12')).toBe(true);
    expect(preloadRoute('/members/12/chat')).toBe(true);
    expect(preloadRoute(ROUTES.index)).toBe(false); // the home page is in the initial chunk
    expect(preloadRoute('/nope')).toBe(false); // the 404 page too
  });

  it("prefetches through the page's prefetch, never its guarded preload", () => {
    const Page = Object.assign(
      lazyWithReload(async () => ({ default: () => null })),
      { preload: vi.fn(), prefetch: vi.fn(async () => undefined) },
    );
    const routes = [{ path: '/page', element: createElement(Page) }];
    expect(preloadRoute('/page', routes, 'prefetch')).toBe(true);
    expect(Page.prefetch).toHaveBeenCalledOnce();
    expect(Page.preload).not.toHaveBeenCalled();
  });

  it('fetches a preloaded chunk once, however often it is asked for', async () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const Page = lazyWithReload(load);
    const routes = [{ path: '/page', element: createElement(Page) }];
    expect(preloadRoute('/page', routes)).toBe(true);
    expect(preloadRoute('/page', routes)).toBe(true);
    await Page.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a failed preload, so the render tries again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => null });
    const Page = lazyWithReload(load);
    sessionStorage.setItem('chunk-reload-at', String(Date.now())); // no reload within the guard minute
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
