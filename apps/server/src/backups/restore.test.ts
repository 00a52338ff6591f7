/**
 * Backups (issue 32): a `pg_dump -Fc` of a database holding the demo's members, credits and
 * conversations restores through `npm run backup:restore` into a new database whose ledger checks
 * out; a backup whose balances disagree with their entries is restored but refused (exit 1) with
 * the count; an existing database is never written to.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/open';
import { seedDemoData } from '../seed/demo-seed';
import { adminQuery, withDatabaseName } from '../test/postgres-admin';
import { REPO_ROOT } from '../test/server-process';

const url = process.env.TEST_DATABASE_URL;
const base = url ? new URL(url).pathname.slice(1) : 'none';
const names = { source: `${base}_bk_src`, good: `${base}_bk_good`, drifted: `${base}_bk_drift` };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-backup-'));

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (url) for (const name of Object.values(names)) await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const dump = (name: string, file: string) => {
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, withDatabaseName(url!, name)], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
};
const restore = (file: string, name: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/backups/restore-cli.ts', file, name], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
async function query<T extends pg.QueryResultRow>(name: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabaseName(url!, name) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

// PostgreSQL only: backups are pg_dump files (the embedded database is a data directory to copy while stopped).
describe.runIf(!!url)('restoring a backup', () => {
  it('restores into a new database with the same members, credits and ledger, and says it is good to serve from', async () => {
    for (const name of Object.values(names)) await adminQuery(url!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const template = new URL(inject('databaseTemplate')).pathname.slice(1);
    await adminQuery(url!, `CREATE DATABASE "${names.source}" TEMPLATE "${template}"`);
    const source = await openDatabase({ kind: 'postgres', url: withDatabaseName(url!, names.source), poolSize: 2 });
    try {
      await seedDemoData(source.db, { dataDir: dir });
    } finally {
      await source.close();
    }
    const file = path.join(dir, 'good.dump');
    dump(names.source, file);

    const result = restore(file, names.good);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('ledger drift: 0 member(s)');
    expect(result.stdout).toContain(`Good to serve from: DATABASE_URL=`);
    const balances = 'SELECT id, credits FROM users ORDER BY id';
    const restored = await query(names.good, balances);
    expect(restored).toEqual(await query(names.source, balances));
    expect(restored.some((row) => Number(row.credits) > 0)).toBe(true);
    expect(await query(names.good, 'SELECT count(*)::int AS n FROM credit_entries')).toEqual(
      await query(names.source, 'SELECT count(*)::int AS n FROM credit_entries'),
    );

    // With the location index, which needs earthdistance's type found during the restore (restore.ts).
    expect(await query(names.good, "SELECT indexname FROM pg_indexes WHERE indexname = 'profiles_location_idx'")).toHaveLength(1);

    // Never over an existing database: the copy just made stays as it was.
    const again = restore(file, names.good);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`the database ${names.good} exists`);
  }, 180_000);

  it('refuses a backup whose balances disagree with the ledger, naming how many', async () => {
    // An entry gone from the ledger (as a hand edit of the database would lose it): one balance no longer adds up.
    await query(names.source, 'DELETE FROM credit_entries WHERE id = (SELECT min(id) FROM credit_entries WHERE amount <> 0)');
    const file = path.join(dir, 'drifted.dump');
    dump(names.source, file);
    const result = restore(file, names.drifted);
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('ledger drift: 1 member(s)');
    expect(result.stderr).toContain('credit ledger drift');
    expect(result.stderr).toContain('Do not serve from it yet');
  }, 180_000);

  it('leaves no database behind when the file is not a backup', async () => {
    const file = path.join(dir, 'not-a-dump');
    fs.writeFileSync(file, 'these are not the bytes of pg_dump');
    const result = restore(file, names.drifted.replace('drift', 'broken'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Restore failed');
    expect(
      await query('postgres', `SELECT datname FROM pg_database WHERE datname = '${names.drifted.replace('drift', 'broken')}'`),
    ).toEqual([]);
  });

  it('refuses a name that is not a database name, before touching the server', () => {
    const result = restore(path.join(dir, 'good.dump'), 'Robert"; DROP');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not a database name');
  });
});
