/**
 * Three server processes started together on one new PostgreSQL database (issue 32), as a
 * deployment's processes start after an upgrade: one applies the migrations and seeds the demo
 * while the others wait on the startup lock (db/open.ts), then all three serve. Without the lock
 * they race to create the migrations table and apply the same migration, and one of them exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './open';
import { adminQuery, withDatabaseName } from '../test/postgres-admin';
import { freePort, startProcess, type ServerProcess } from '../test/server-process';

const url = process.env.TEST_DATABASE_URL;
const name = `${url ? new URL(url).pathname.slice(1) : 'none'}_startup`;
const dataDirs: string[] = [];
const processes: ServerProcess[] = [];

afterAll(async () => {
  for (const server of processes) server.child.kill('SIGKILL');
  await Promise.all(processes.map((server) => server.exited));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (url) await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

/** Resolves once the process logs that it serves; rejects with its output when it exits first. */
function serving(server: ServerProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 170_000;
    const check = () => {
      if (server.output().includes('Cupido is serving')) return resolve();
      if (Date.now() > deadline) return reject(new Error(`not serving after 170 s:\n${server.output().slice(-3000)}`));
      setTimeout(check, 200);
    };
    void server.exited.then((code) => reject(new Error(`exited with ${code} before serving:\n${server.output().slice(-3000)}`)));
    check();
  });
}

// PostgreSQL only: on the embedded database the data directory's lock admits one process at all.
describe.runIf(!!url)('three processes starting together on a new database', () => {
  it('migrate once, seed the demo once, and all serve', async () => {
    await adminQuery(url!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(url!, `CREATE DATABASE "${name}"`);
    const databaseUrl = withDatabaseName(url!, name);
    // Two web-only processes and one worker, as the reference deployment runs them.
    for (const worker of ['0', '0', '1']) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-startup-'));
      dataDirs.push(dataDir);
      const env = {
        ...process.env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        WORKER: worker,
        LOG_LEVEL: 'info',
      };
      processes.push(startProcess('apps/server/src/main.ts', env));
    }
    await Promise.all(processes.map(serving));

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      const demoMembers = await client.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE email = 'demo@cupido.example'");
      expect(Number(demoMembers.rows[0]!.n)).toBe(1);
      const doubledSites = await client.query('SELECT domain FROM sites GROUP BY domain HAVING count(*) > 1');
      expect(doubledSites.rows).toEqual([]);
      const sites = await client.query<{ n: string }>('SELECT count(*) AS n FROM sites');
      expect(Number(sites.rows[0]!.n)).toBeGreaterThan(1);
    } finally {
      await client.end();
    }
    // One of them did the work while the others waited: each says it serves, none failed.
    for (const server of processes) expect(server.output()).not.toMatch(/already exists|duplicate key/);
  }, 200_000);
});
