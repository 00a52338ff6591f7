/**
 * /metrics on the real app: only with METRICS_TOKEN and the right bearer token; request
 * durations labelled by route pattern (never the raw URL), job runs and failures per job name,
 * pool use on PostgreSQL; one registry per app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';
let withToken: TestApp;
let withoutToken: TestApp;

beforeAll(async () => {
  [withToken, withoutToken] = await Promise.all([createTestApp({ metricsToken: TOKEN }), createTestApp()]);
});

afterAll(async () => {
  await Promise.all([withToken?.close(), withoutToken?.close()]);
});

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, and refuses a missing or wrong token', async () => {
    expect((await scrape(withoutToken, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape(withToken)).statusCode).toBe(401);
    expect((await scrape(withToken, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(withToken, `Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await scrape(withToken, TOKEN)).statusCode).toBe(401);
  });

  it('measures requests by route pattern, method and status class, never the raw URL', async () => {
    await withToken.app.inject({ method: 'GET', url: '/api/health' });
    await withToken.app.inject({ method: 'GET', url: '/api/member.php?domain=localhost&id=987654' });
    await withToken.app.inject({ method: 'GET', url: '/photos/secret-file-abc.jpg' });
    const response = await scrape(withToken, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/member\.php",status_class="4xx"\} 1/);
    // A missing photo is answered by a not-found handler: no route, one shared label.
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} 1/);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!));
    expect([...routes].filter((route) => route.includes('987654') || route.includes('secret-file') || route.includes('?'))).toEqual([]);
    expect(text).not.toContain('secret-file');
    // Node's process metrics come along.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('counts job runs and failures per job name, in this app only', async () => {
    await withToken.app.jobs.send({ name: 'account_maintenance', run: async () => {} }, {});
    expect(await withToken.app.jobs.drain()).toBe(1);
    const text = (await scrape(withToken, `Bearer ${TOKEN}`)).body;
    expect(text).toContain('cupido_job_runs_total{job="account_maintenance"} 1');
    expect(text).not.toMatch(/cupido_job_failures_total\{job="account_maintenance"\} [1-9]/);
    // The other app has its own registry: the run is not counted there.
    const other = await createTestApp({ metricsToken: TOKEN });
    try {
      expect((await scrape(other, `Bearer ${TOKEN}`)).body).not.toContain('cupido_job_runs_total{job="account_maintenance"}');
    } finally {
      await other.close();
    }
  });

  it('reports the PostgreSQL pool, and leaves it out on PGlite', async () => {
    const text = (await scrape(withToken, `Bearer ${TOKEN}`)).body;
    if (withToken.database.kind === 'postgres') {
      expect(text).toMatch(/cupido_db_pool_connections\{state="total"\} \d+/);
      expect(text).toMatch(/cupido_db_pool_connections\{state="waiting"\} 0/);
    } else {
      expect(text).not.toContain('cupido_db_pool_connections');
    }
  });
});
