/**
 * The spec's calls tell some actions apart by a flag in the query string, on a path that already
 * has a route for the method: `POST /api/user.php` logs in, `POST /api/user.php?push=1` stores a
 * push subscription. Fastify routes by method and path only, so this route constraint adds the
 * flag: a route with `constraints: { queryFlag: 'push' }` answers the requests whose query has
 * `push=1`, and the route without it answers the others. Each action keeps its own route, body
 * contract and owner (accounts for the login, push for the subscription).
 *
 * OpenAPI keys its paths by URL alone: `documentedUrl` names such a route with its flag, so
 * both calls are documented.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export const QUERY_FLAG = 'queryFlag';

/** The flags routes may be constrained to, each meaning `<flag>=1` in the query. */
const FLAGS = ['push'] as const;
export type QueryFlag = (typeof FLAGS)[number];

/** The flag set in a request's URL, if any (the first of FLAGS when several are). */
export function queryFlagOf(url: string): QueryFlag | undefined {
  const start = url.indexOf('?');
  // Every request goes through here once a route uses the constraint: most have no flag at all.
  if (start === -1 || !FLAGS.some((flag) => url.includes(`${flag}=`, start))) return undefined;
  const query = new URLSearchParams(url.slice(start + 1));
  return FLAGS.find((flag) => query.get(flag) === '1');
}

export function addQueryFlagConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(QUERY_FLAG)) return;
  app.addConstraintStrategy({
    name: QUERY_FLAG,
    // A request with a flag still reaches a route without the constraint when no route has that flag.
    mustMatchWhenDerived: false,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (flag: string) => (handlers.get(flag) ?? null) as never,
        set: (flag: string, handler: unknown) => void handlers.set(flag, handler),
      };
    },
    deriveConstraint: (request) => queryFlagOf(request.url ?? ''),
  });
}

/** The URL OpenAPI lists a route under: `/api/user.php?push=1` for the flagged one. */
export function documentedUrl(url: string, route: Pick<RouteOptions, 'constraints'>): string {
  const flag = (route.constraints as Record<string, unknown> | undefined)?.[QUERY_FLAG];
  return typeof flag === 'string' ? `${url}?${flag}=1` : url;
}
