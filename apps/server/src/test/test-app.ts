/**
 * Builds the real app on a fresh test database, seeded with the demo sites. Tests talk to it with
 * app.inject (no socket) or, where a real connection matters, app.listen on 127.0.0.1:0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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

export async function createTestApp(overrides: Partial<AppDeps['config']> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedDemoSites(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-test-data-'));
  const app = await buildApp({
    database,
    config: {
      countryHeader: undefined,
      trustProxy: false,
      logLevel: 'silent',
      webDistDir: path.join(dataDir, 'no-web-build'),
      dataDir,
      ...overrides,
    },
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
