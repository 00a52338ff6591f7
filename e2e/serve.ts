/**
 * Starts the real server for the browser scenarios. With TEST_DATABASE_URL (CI) it runs on a
 * fresh PostgreSQL database named after it, so the browser paths are proven on real PostgreSQL
 * too; otherwise on the embedded database in a fresh DATA_DIR.
 */
import fs from 'node:fs';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_e2e`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  target.pathname = `/${name}`;
  process.env.DATABASE_URL = target.toString();
}
// Rate-limit counters of this run only: CI's Redis outlives the run, and an earlier run within
// the same hour would otherwise count against this one's signups from 127.0.0.1.
process.env.REDIS_KEY_PREFIX = `cupido-e2e:${Date.now()}:${process.pid}:`;
if (process.env.DATA_DIR) fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../apps/server/src/main');
