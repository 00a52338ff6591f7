/**
 * Opens the database: embedded PGlite under the data directory by default, PostgreSQL when a
 * URL is given. This is the only module that knows which driver runs; everything else sees a
 * drizzle `Database`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { nameRepeatedStatements } from './named-statements';
import lockfile from 'proper-lockfile';
import { createPglite } from './pglite-extensions';

/**
 * Drizzle is opened without the schema: the code writes its statements with the query builder and
 * `sql`, never drizzle's relational queries (`db.query.<table>`), and with the schema every
 * transaction built a relational query builder for each of the ~60 tables (about 1.4% of a server's
 * CPU in the chat bench, where every message is a transaction).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/**
 * How the job queue (pg-boss, infra/jobs.ts) reaches this database: on PostgreSQL its own small
 * pool on the same URL; on PGlite every statement goes through the one embedded instance
 * (parameterless text may hold several statements, as pg-boss's schema changes do).
 */
export type JobQueueConnection =
  { connectionString: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not applied yet; on PostgreSQL under the startup lock, so processes starting together migrate once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own: on PostgreSQL a session advisory lock that the
   * others wait for (released when `work` ends, or when this process dies); on PGlite the data
   * directory's lock already keeps every other process out. Not reentrant: never call it from `work`.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  jobQueueConnection: JobQueueConnection;
  /** Connections of the pool (PostgreSQL) for the metrics; null on PGlite, which has exactly one. */
  poolUse(): { total: number; idle: number; waiting: number } | null;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** A PGlite instance made by the caller (tests load a migrated template into memory). */
  | { kind: 'pglite-instance'; client: PGlite };

/** The advisory lock's name: migrations and the demo seed at start (hashed to PostgreSQL's lock key). */
const STARTUP_LOCK = 'cupido:startup';

/**
 * Holds a session-level advisory lock on a connection of its own (not the pool's: a pool of one,
 * as the tests' template uses, would have none left for `work`) while `work` runs.
 */
async function withAdvisoryLock<T>(url: string, name: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await client.end();
  }
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (a restart, a failover, an administrator) is
    // reported here; the pool opens a new one on demand. Without a listener it would crash the process.
    pool.on('error', (error) => console.error(`database connection lost, the pool will reconnect: ${error.message}`));
    nameRepeatedStatements(pool);
    // Fail at start, with the real reason, rather than on the first request.
    await pool.query('select 1');
    const db = drizzlePg(pool) as unknown as Database;
    const withStartupLock = <T>(work: () => Promise<T>) => withAdvisoryLock(options.url, STARTUP_LOCK, work);
    return {
      db,
      kind: 'postgres',
      // Several processes starting at once on a new database would each create the migrations
      // table and apply the same migration: one migrates, the others wait and then find nothing to do.
      migrate: () => withStartupLock(() => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR })),
      withStartupLock,
      close: () => pool.end(),
      jobQueueConnection: { connectionString: options.url },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  let client: PGlite;
  let release: (() => Promise<void>) | undefined;
  if (options.kind === 'pglite') {
    const dir = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    // PGlite has no lock between processes: two servers on one data directory would corrupt it.
    try {
      release = await lockfile.lock(dir, { lockfilePath: path.join(options.dataDir, 'pgdata.lock'), stale: 15_000, update: 5_000 });
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') {
        throw new Error(`The database in ${dir} is in use by another process. Stop it, or set DATA_DIR to another directory.`);
      }
      throw error;
    }
    client = await createPglite({ dataDir: dir });
  } else {
    client = options.client;
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    withStartupLock: (work) => work(),
    // PGlite serialises statements, so a call made inside a drizzle transaction would wait for
    // that transaction forever: send jobs after committing (docs/decisions/018-jobs.md).
    jobQueueConnection: {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    },
    poolUse: () => null,
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}
