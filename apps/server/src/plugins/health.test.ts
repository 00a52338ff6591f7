/**
 * /health and /ready on the real app: up, ready with the database (and Redis when configured),
 * 503 naming what failed.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import health from './health';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function open(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  opened.push(t);
  return t;
}

/** A local port with nothing listening on it: connections are refused at once. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('health and readiness', () => {
  it('/health answers while the process is up, /ready while the database (and Redis, when set) answer', async () => {
    const t = await open();
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: process.env.REDIS_URL ? { database: 'ok', redis: 'ok' } : { database: 'ok' } });
    // The older bare route stays for the benchmarks and the browser tests.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
  });

  it('/ready answers 503 naming Redis when it cannot be reached', async () => {
    // The plugin on its own: the whole app (its broker) refuses to start without Redis.
    const database = await createTestDatabase();
    const app = Fastify();
    try {
      await app.register(health, { db: database.db, redisUrl: `redis://127.0.0.1:${await closedPort()}`, log: { warn: () => {} } });
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed' } });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('/ready answers 503 naming the database when it is gone', async () => {
    const t = await createTestApp();
    // The job queue's own connections go first, so the test database can be dropped at once.
    await t.app.jobs.stop(1_000);
    await t.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await t.app.close();
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  });
});
