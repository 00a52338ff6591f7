/**
 * Prometheus metrics at GET /metrics, for the operator's scraper only: served when
 * METRICS_TOKEN is set and the request carries `Authorization: Bearer <token>` (404 while it is
 * unset, so the route does not even show; 401 for a missing or wrong token).
 *
 * Each app has its own registry (tests build several apps in one process):
 * - http_request_duration_seconds{method, route, status_class}: the route *pattern*
 *   (`/api/members/:id`), never the raw URL, so ids and query strings neither leak nor explode
 *   the number of series;
 * - cupido_job_runs_total / cupido_job_failures_total / cupido_job_duration_seconds per job name;
 * - cupido_db_pool_connections{state}: PostgreSQL pool use (total, idle, waiting). PGlite has
 *   exactly one in-process connection and no pool, so the gauge is left out there;
 * - Node's process metrics (memory, CPU, event loop lag, GC).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobOutcome } from '../infra/jobs';

export interface AppMetrics {
  registry: Registry;
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void;
  /** Passed to the job queue as its onJobFinished. */
  recordJob(name: string, outcome: JobOutcome, seconds: number): void;
}

export function createMetrics(options: {
  poolUse: () => { total: number; idle: number; waiting: number } | null;
  /** Node's process metrics watch GC and the event loop for the process's life: only when someone can read them. */
  processMetrics: boolean;
}): AppMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'cupido_job_runs_total',
    help: 'Job runs, successful or not, by job name',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'cupido_job_failures_total',
    help: 'Job runs that failed, by job name',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'cupido_job_duration_seconds',
    help: 'Time a job run took, by job name',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 300, 900],
    registers: [registry],
  });
  if (options.poolUse() !== null) {
    new Gauge({
      name: 'cupido_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = options.poolUse();
        if (!use) return;
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  return {
    registry,
    observeRequest({ method, route, statusCode }, seconds) {
      requestDuration.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
    recordJob(name, outcome, seconds) {
      jobRuns.inc({ job: name });
      if (outcome === 'failed') jobFailures.inc({ job: name });
      jobDuration.observe({ job: name }, seconds);
    },
  };
}

/** Equal length digests, so the comparison takes the same time whatever the token's length or content. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export default fp<{ metrics: AppMetrics; token: string | undefined }>(
  async (app, { metrics, token }) => {
    // A callback hook, not an async one: it runs on every request, the benchmark's bare route included.
    app.addHook('onResponse', (request, reply, done) => {
      // Requests no route matched (the web app's fallback, stray probes) share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest({ method: request.method, route, statusCode: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { schema: { hide: true }, config: { withoutSite: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!token) return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'unauthorized', message: 'A valid metrics token is required' } });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
