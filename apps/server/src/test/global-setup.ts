/**
 * Runs once before the server tests: builds a migrated database template that each test file
 * clones, so no test pays for initdb + migrations again.
 * - Embedded (default): a PGlite data directory dumped to a tarball in the OS temp dir.
 * - PostgreSQL (TEST_DATABASE_URL set, as in CI): a template database next to the given one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPglite } from '../db/pglite-extensions';
import pg from 'pg';
import { openDatabase } from '../db/open';
import { templateDatabaseUrl, withDatabaseName, adminQuery } from './postgres-admin';

export const PGLITE_TEMPLATE = path.join(os.tmpdir(), `cupido-test-template-${process.pid}.tar.gz`);

export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = templateDatabaseUrl(url);
    const name = new URL(template).pathname.slice(1);
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}"`);
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const handle = await openDatabase({ kind: 'postgres', url: template, poolSize: 1 });
    await handle.migrate();
    await handle.close();
    provide('databaseTemplate', template);
    return async () => {
      // Drop the template and any database a crashed test file left behind.
      const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
      await client.connect();
      const prefix = `${name.replace(/_tpl$/, '')}_t_`;
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }

  const client = await createPglite();
  const handle = await openDatabase({ kind: 'pglite-instance', client });
  await handle.migrate();
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  provide('databaseTemplate', PGLITE_TEMPLATE);
  return () => fs.rmSync(PGLITE_TEMPLATE, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}
