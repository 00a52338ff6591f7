/**
 * Named prepared statements (prepared.ts): on PostgreSQL the statement stays prepared on its
 * connection under a name taken from its text; values stay parameters; PGlite runs it as ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../test/test-app';
import { executePrepared } from './prepared';
import { preparedName } from './statement-names';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('executePrepared', () => {
  it('answers the rows, with the values as parameters', async () => {
    const rows = await executePrepared<{ sum: number; word: string }>(
      t.database.db,
      sql`select (${20}::int + ${22}::int) as sum, ${"it's"}::text as word`,
    );
    expect(rows).toEqual([{ sum: 42, word: "it's" }]);
  });

  it('names a statement by its text: one name per text, another for another text', () => {
    const text = (value: string) => new PgDialect().sqlToQuery(sql`select ${value}::text as v`).sql;
    expect(preparedName(text('a'))).toBe(preparedName(text('b')));
    expect(preparedName('select 1')).not.toBe(preparedName('select 2'));
    expect(preparedName('select 1')).toMatch(/^q_[0-9a-f]{20}$/);
  });

  it('leaves the statement prepared on its connection on PostgreSQL (parsed and planned once there)', async () => {
    const query = sql`select count(*)::int as n from profiles where id = ${-1}::int`;
    const name = preparedName(new PgDialect().sqlToQuery(query).sql);
    const prepared = await t.database.db.transaction(async (tx) => {
      expect(await executePrepared(tx, query)).toEqual([{ n: 0 }]);
      expect(await executePrepared(tx, query)).toEqual([{ n: 0 }]);
      const found = (await tx.execute(sql`select count(*)::int as n from pg_prepared_statements where name = ${name}`)) as unknown as {
        rows: { n: number }[];
      };
      return found.rows[0]!.n;
    });
    // PGlite has one session and ignores the name; PostgreSQL keeps the statement on the connection.
    expect(prepared).toBe(t.database.kind === 'postgres' ? 1 : 0);
  });
});
