import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ROUTES, SERVED_ROUTE_NAMES } from '@cupido/shared/routes';
import { appRoutes, registeredRouteNames, type RouteHandle } from './router';

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
    for (const path of ['/nope', ROUTES.chats, ROUTES.premium, '/pages/unknown']) {
      expect(matchRoutes(appRoutes, path)?.at(-1)?.route.path).toBe('*');
    }
  });
});
