/**
 * Builds the real app on a fresh test database, seeded with the demo sites. Tests talk to it with
 * app.inject (no socket) or, where a real connection matters, app.listen on 127.0.0.1:0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../infra/clock';
import { buildApp, type AppDeps } from '../app';
import type { DatabaseHandle } from '../db/open';
import { seedDemoSites } from '../seed/demo-sites';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Rate limits use Redis when CI provides REDIS_URL (as production would), each test app under
 * its own key prefix; otherwise the PostgreSQL counters. The broker likewise gets a channel prefix
 * of its own. `extra.database`: a second instance on the same database (the caller closes it);
 * `extra.providers`: outside parties the test plays itself (a payment provider).
 */
export async function createTestApp(
  overrides: Partial<AppDeps['config']> = {},
  extra: { clock?: Clock; database?: DatabaseHandle; providers?: AppDeps['providers'] } = {},
): Promise<TestApp> {
  const database = extra.database ?? (await createTestDatabase());
  if (!extra.database) await seedDemoSites(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-test-data-'));
  const app = await buildApp({
    database,
    config: {
      // The tests' app: a demo with the test-only routes (run-mode.ts); a test may ask for 'production'.
      mode: 'test',
      countryHeader: undefined,
      trustProxy: false,
      logLevel: 'silent',
      webDistDir: path.join(dataDir, 'no-web-build'),
      dataDir,
      smtpUrl: undefined,
      redisUrl: process.env.REDIS_URL || undefined,
      rateLimitKeyPrefix: `cupido-test:${randomBytes(6).toString('hex')}:`,
      brokerChannelPrefix: `cupido-test:${randomBytes(6).toString('hex')}:`,
      ...overrides,
    },
    clock: extra.clock,
    providers: extra.providers,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      if (!extra.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
