/**
 * Restoring a backup (issue 32, docs/operations.md "Backups"): a `pg_dump --format=custom` file goes into a new
 * database on the same PostgreSQL server, and the copy is checked before anyone points a server
 * at it: its migrations are ones this code knows, and every member's balance equals the sum of
 * their ledger entries (checkLedgerDrift, the nightly check). Never into an existing database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../db/open';
import { checkLedgerDrift } from '../features/credits/ledger-check';

export interface RestoreReport {
  /** The new database's URL, to set as DATABASE_URL once the report is good. */
  url: string;
  migrationsApplied: number;
  migrationsKnown: number;
  members: number;
  creditEntries: number;
  /** Members whose balance differs from the sum of their entries (each is logged). */
  drifted: number;
}

export type RestoreLog = { error(fields: object, message: string): void; info(fields: object, message: string): void };

/** A name PostgreSQL takes unquoted: lower-case letters, digits and underscores. */
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * pg_restore's script, fed to psql in one transaction (a failed restore leaves an empty database).
 * The script starts by emptying search_path; earthdistance's ll_to_earth (the profile location
 * index, decision 013) names its `earth` type without a schema, which PostgreSQL 15's extension does,
 * so creating that index would fail: the script's search_path becomes `public` instead, once.
 */
function restoreScript(dumpFile: string, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const psql = spawn('psql', ['--quiet', '--no-psqlrc', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    const failed = (what: string) => (error: Error) =>
      reject(new Error(`${what} could not start (${error.message}): install PostgreSQL's client tools`));
    restore.on('error', failed('pg_restore'));
    psql.on('error', failed('psql'));
    restore.stderr.on('data', (chunk) => (errors += chunk));
    psql.stderr.on('data', (chunk) => (errors += chunk));
    let head = '';
    let replaced = false;
    restore.stdout.on('data', (chunk: Buffer) => {
      if (replaced) return void (psql.stdin.write(chunk) || restore.stdout.pause());
      head += chunk.toString('utf8');
      const at = head.indexOf(EMPTY_SEARCH_PATH);
      // The statement comes within the script's first lines; past 64 KB without it, leave the script as it is.
      if (at < 0 && head.length < 65_536) return;
      replaced = true;
      const script = at < 0 ? head : head.slice(0, at) + PUBLIC_SEARCH_PATH + head.slice(at + EMPTY_SEARCH_PATH.length);
      if (!psql.stdin.write(script)) restore.stdout.pause();
    });
    psql.stdin.on('drain', () => restore.stdout.resume());
    psql.stdin.on('error', () => undefined); // psql stopped on an error: its exit code says so
    restore.stdout.on('end', () => {
      if (!replaced) psql.stdin.write(head);
      psql.stdin.end();
    });
    let restoreCode: number | null = null;
    restore.on('exit', (code) => (restoreCode = code));
    psql.on('exit', (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else reject(new Error(`the restore stopped (pg_restore ${restoreCode ?? '…'}, psql ${code}):\n${errors.trim()}`));
    });
  });
}

const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
const PUBLIC_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false);";

/** Restores `dumpFile` into the new database `databaseName` on the server of `serverUrl`, then checks it. */
export async function restoreBackup(
  input: { dumpFile: string; serverUrl: string; databaseName: string },
  log: RestoreLog,
): Promise<RestoreReport> {
  if (!DATABASE_NAME.test(input.databaseName))
    throw new Error(`"${input.databaseName}" is not a database name: lower-case letters, digits and underscores`);
  if (!fs.existsSync(input.dumpFile)) throw new Error(`no backup file at ${input.dumpFile}`);
  const admin = new pg.Client({ connectionString: withDatabase(input.serverUrl, 'postgres') });
  await admin.connect();
  try {
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [input.databaseName]);
    if (existing.rowCount) throw new Error(`the database ${input.databaseName} exists: a backup is restored into a new one only`);
    await admin.query(`CREATE DATABASE "${input.databaseName}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(input.serverUrl, input.databaseName);
  // No owner or grants from the old server: the restoring role owns the copy.
  try {
    await restoreScript(input.dumpFile, url);
  } catch (error) {
    // Nothing half-restored stays behind: the same name can be used for the next try.
    const cleanup = new pg.Client({ connectionString: withDatabase(input.serverUrl, 'postgres') });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${input.databaseName}" WITH (FORCE)`).finally(() => cleanup.end());
    throw error;
  }

  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const report: RestoreReport = {
      url,
      migrationsApplied: await count(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`),
      migrationsKnown: journal.entries.length,
      members: await count(sql`SELECT count(*) AS n FROM users`),
      creditEntries: await count(sql`SELECT count(*) AS n FROM credit_entries`),
      drifted: await checkLedgerDrift({ db: database.db, log }),
    };
    return report;
  } finally {
    await database.close();
  }
}

/** What is wrong with a restored copy; empty when a server may use it. */
export function restoreProblems(report: RestoreReport): string[] {
  const problems: string[] = [];
  if (report.migrationsApplied > report.migrationsKnown) {
    problems.push(
      `the backup has ${report.migrationsApplied} migrations, this code knows ${report.migrationsKnown}: restore it with the version that made it`,
    );
  }
  if (report.drifted > 0) problems.push(`${report.drifted} member(s) whose balance differs from their ledger entries (logged above)`);
  return problems;
}
