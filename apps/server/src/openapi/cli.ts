/**
 * `npm run openapi`: builds the app on a throw-away embedded database (migrated, demo sites
 * seeded) and writes its served OpenAPI document to docs/openapi.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPglite } from '../db/pglite-extensions';
import { buildApp } from '../app';
import { openDatabase } from '../db/open';
import { seedDemoSites } from '../seed/demo-sites';
import { formatOpenApi, OPENAPI_FILE, servedOpenApi } from './document';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-openapi-'));
const database = await openDatabase({ kind: 'pglite-instance', client: await createPglite() });
try {
  await database.migrate();
  await seedDemoSites(database.db);
  const app = await buildApp({
    database,
    config: {
      mode: 'production',
      countryHeader: undefined,
      trustProxy: false,
      logLevel: 'silent',
      webDistDir: path.join(dataDir, 'no-web-build'),
      dataDir,
      smtpUrl: undefined,
      redisUrl: undefined,
    },
  });
  try {
    fs.writeFileSync(OPENAPI_FILE, formatOpenApi(await servedOpenApi(app)));
    console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
