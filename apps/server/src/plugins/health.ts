/**
 * Probes for load balancers and orchestrators, outside /api, with no site, session or rate limit
 * (and, like every request, not logged below debug):
 * - GET /health: the process is up and serving (200 {status:'ok'}); nothing else is asked.
 * - GET /ready: the process can do its work: the database answers `select 1` and, when
 *   REDIS_URL is set, Redis answers PING. 503 names the part that failed, so a process is
 *   taken out of rotation while its database or Redis is unreachable.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/open';

/** A probe that does not answer within this long counts as failed (the balancer's own timeout is usually a few seconds). */
const PROBE_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'failed';

async function probe(work: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'failed'>((resolve) => {
    timer = setTimeout(() => resolve('failed'), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      work().then(
        (): Check => 'ok',
        (): Check => 'failed',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export default fp<{ db: Database; redisUrl: string | undefined; log: { warn(obj: object, msg: string): void } }>(
  async (app, { db, redisUrl, log }) => {
    // Its own connection, so readiness reflects Redis itself and not a busy shared client. Commands
    // fail at once while it is disconnected (no offline queue); it reconnects by itself.
    const redis = redisUrl
      ? new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: PROBE_TIMEOUT_MS })
      : null;
    if (redis) {
      let reported = false;
      redis.on('error', (err: Error) => {
        if (!reported) log.warn({ err: { message: err.message } }, 'readiness probe: Redis connection error');
        reported = true;
      });
      redis.on('ready', () => (reported = false));
      redis.connect().catch(() => {
        // Reported by the error listener; /ready answers 503 until it connects.
      });
      app.addHook('onClose', async () => redis.disconnect());
    }

    const probeRoute = { schema: { hide: true }, config: { withoutSite: true } } as const;

    app.get('/health', probeRoute, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });

    app.get('/ready', probeRoute, async (_request, reply) => {
      const checks: Record<string, Check> = { database: await probe(() => db.execute(sql`select 1`)) };
      if (redis) checks.redis = await probe(() => redis.ping());
      const ready = Object.values(checks).every((check) => check === 'ok');
      reply.header('cache-control', 'no-store');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    });
  },
  { name: 'health' },
);
