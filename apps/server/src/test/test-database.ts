/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the template
 * tarball, or (TEST_DATABASE_URL) a new PostgreSQL database cloned from the template database.
 * Both are real PostgreSQL; nothing is mocked.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createPglite } from '../db/pglite-extensions';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/open';
import { adminQuery, withDatabaseName } from './postgres-admin';

/**
 * pool.end() resolves while its connections are still closing; DROP ... WITH (FORCE) would kill
 * them mid-close, and the FATAL they then receive surfaces as an uncaught error. So drop without
 * force, waiting for the last connections to go, and force only as a last resort.
 */
async function dropWhenClosed(url: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = new URL(template).pathname.slice(1);
    const name = `${templateName.replace(/_tpl$/, '')}_t_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name), poolSize: 4 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropWhenClosed(url, name);
      },
    };
  }
  const tarball = new Blob([fs.readFileSync(template)]);
  const client = await createPglite({ loadDataDir: tarball });
  return openDatabase({ kind: 'pglite-instance', client });
}
