import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ANSWERS } from '@cupido/shared/contracts/api-answers';
import { documentedUrl } from './plugins/query-flag';
import { createTestApp, type TestApp } from './test/test-app';

/** Every route the app registers, with its options (schemas), seen through an onRoute hook. */
const routes = vi.hoisted(() => [] as { method: string; url: string; schema: RouteOptions['schema'] }[]);

// Observes the real Fastify: the same factory, plus a hook that records each route as it is added.
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const observed = ((options: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => {
      // A route constrained to a query flag is named with it, as in OpenAPI (POST /api/user.php?push=1).
      for (const method of [route.method].flat()) routes.push({ method, url: documentedUrl(route.url, route), schema: route.schema });
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: observed };
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** The 2xx answer schema of a route (each call has exactly one). */
function successSchema(schema: RouteOptions['schema']): unknown {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  const ok = Object.keys(response).filter((status) => /^2\d\d$/.test(status));
  return ok.length === 1 ? response[ok[0]!] : undefined;
}

describe('API_ANSWERS (the answers web test stubs are parsed with)', () => {
  it('names, for every listed call, the very schema the server answers with', () => {
    const mismatches = Object.entries(API_ANSWERS).flatMap(([call, expected]) => {
      const [method, url] = call.split(' ');
      const route = routes.find((r) => r.method === method && r.url === url);
      if (!route) return [`${call}: no such route on the server`];
      return successSchema(route.schema) === expected ? [] : [`${call}: the server answers with another schema`];
    });
    expect(mismatches).toEqual([]);
  });

  it('sees the routes (the observation works)', () => {
    expect(routes.some((r) => r.method === 'GET' && r.url === '/api/user.php')).toBe(true);
  });
});
