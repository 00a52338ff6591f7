/**
 * Migration 0005 turns balances written before the ledger into opening entries: a database
 * migrated up to 0004, with balances and old entries, then migrated to the end, has every
 * balance equal to the sum of its entries. On a fresh PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createPglite } from '../../db/pglite-extensions';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/open';
import { adminQuery, withDatabaseName } from '../../test/postgres-admin';
import { checkLedgerDrift } from './ledger-check';

const BEFORE_LEDGER = '0004_search_preferences';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The committed migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-migrations-'));
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

interface Engine {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  db: Parameters<typeof checkLedgerDrift>[0]['db'];
}

async function freshEngine(): Promise<Engine> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `${new URL(url).pathname.slice(1)}_mig_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const pool = new pg.Pool({ connectionString: withDatabaseName(url, name), max: 1 });
    cleanups.push(async () => {
      await pool.end();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
    return {
      query: async (text) => (await pool.query(text)).rows,
      migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      db: drizzlePg(pool) as unknown as Engine['db'],
    };
  }
  const client = await createPglite();
  cleanups.push(() => client.close());
  return {
    // exec: the arranging text holds several statements.
    query: async <T>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as T[],
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    db: drizzlePglite(client) as unknown as Engine['db'],
  };
}

it('gives each balance that differs from its entries one opening entry, and every entry its balance_after', async () => {
  const engine = await freshEngine();
  await engine.migrate(migrationsUpTo(BEFORE_LEDGER));
  await engine.query(`
    INSERT INTO companies (id, name, address, kvk, city, country, support_phone) VALUES (1, 'Operator', 'Street 1', '123', 'Utrecht', 'NL', '+31');
    INSERT INTO sites (id, domain, company_id, name, index_title, description, countries, support_email, fictional_warning, fictional_singular, fictional_plural)
      VALUES (1, 'example.test', 1, 'Example', '{}', '{}', '[]', 'help@example.test', '{}', '{}', '{}');
    INSERT INTO users (id, site_id, email, credits, created_at) VALUES
      (1, 1, 'only-balance@example.test', 40, now()),
      (2, 1, 'matching@example.test', 20, now()),
      (3, 1, 'more-than-entries@example.test', 35, now()),
      (4, 1, 'nothing@example.test', 0, now()),
      (5, 1, 'less-than-entries@example.test', 5, now());
    INSERT INTO credit_entries (user_id, amount, reason, idempotency_key, created_at) VALUES
      (2, 20, 'signup_credits', 'signup_credits', now()),
      (3, 20, 'signup_credits', 'signup_credits', now()),
      (5, 20, 'signup_credits', 'signup_credits', now());
  `);
  // Numbered from 1, as the SQL above chose the ids.
  await engine.query(`SELECT setval('users_id_seq', 5)`);

  await engine.migrate(MIGRATIONS_DIR);

  const entries = await engine.query<{
    user_id: number;
    amount: number;
    kind: string;
    idempotency_key: string;
    balance_after: number;
    reference: string | null;
  }>('SELECT user_id, amount, kind, idempotency_key, balance_after, reference FROM credit_entries ORDER BY user_id, id');
  expect(entries).toEqual([
    { user_id: 1, amount: 40, kind: 'opening_balance', idempotency_key: 'opening_balance', balance_after: 40, reference: null },
    { user_id: 2, amount: 20, kind: 'signup_credits', idempotency_key: 'signup_credits', balance_after: 20, reference: null },
    { user_id: 3, amount: 20, kind: 'signup_credits', idempotency_key: 'signup_credits', balance_after: 20, reference: null },
    { user_id: 3, amount: 15, kind: 'opening_balance', idempotency_key: 'opening_balance', balance_after: 35, reference: null },
    { user_id: 5, amount: 20, kind: 'signup_credits', idempotency_key: 'signup_credits', balance_after: 20, reference: null },
    { user_id: 5, amount: -15, kind: 'opening_balance', idempotency_key: 'opening_balance', balance_after: 5, reference: null },
  ]);
  const log = { error: () => expect.fail('no drift expected after the migration'), info: () => undefined };
  expect(await checkLedgerDrift({ db: engine.db, log })).toBe(0);
});
