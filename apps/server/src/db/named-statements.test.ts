/**
 * Repeated statements become named prepared statements on their connection (decision 057), on
 * PostgreSQL only (PGlite has no connections to keep them on): runs with TEST_DATABASE_URL, as CI
 * runs it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMES_PER_CONNECTION, PLANNED_PER_CALL, SEEN_BEFORE_NAMING, nameRepeatedStatements } from './named-statements';
import { preparedName } from './statement-names';

const url = process.env.TEST_DATABASE_URL;
let pool: pg.Pool;

beforeAll(() => {
  if (!url) return;
  // One connection: what it keeps prepared is what pg_prepared_statements shows.
  pool = new pg.Pool({ connectionString: url, max: 1 });
  nameRepeatedStatements(pool);
});

afterAll(async () => {
  await pool?.end();
});

const preparedNames = async () =>
  (await pool.query<{ name: string }>({ text: 'select name from pg_prepared_statements' })).rows.map((row) => row.name);

describe.runIf(!!url)('named repeated statements', () => {
  it('names a parameterised text once it repeated, and answers the same rows', async () => {
    const text = 'select $1::int + 1 as next';
    for (let run = 1; run <= SEEN_BEFORE_NAMING; run += 1) {
      expect((await pool.query({ text }, [run])).rows).toEqual([{ next: run + 1 }]);
      expect(await preparedNames()).not.toContain(preparedName(text));
    }
    expect((await pool.query({ text }, [41])).rows).toEqual([{ next: 42 }]);
    expect(await preparedNames()).toContain(preparedName(text));
    // Again on the named statement: the same answers.
    expect((await pool.query({ text }, [9])).rows).toEqual([{ next: 10 }]);
  });

  it('leaves texts without parameters and plain strings unnamed', async () => {
    const text = "select 'constant' as value";
    for (let run = 0; run < SEEN_BEFORE_NAMING + 2; run += 1) await pool.query({ text });
    for (let run = 0; run < SEEN_BEFORE_NAMING + 2; run += 1) await pool.query('select $1::int as value', [run]);
    const names = await preparedNames();
    expect(names).not.toContain(preparedName(text));
    expect(names).not.toContain(preparedName('select $1::int as value'));
  });

  it('leaves a text marked planned per call unnamed however often it runs', async () => {
    const text = `select $1::int * 2 as double ${PLANNED_PER_CALL}`;
    for (let run = 0; run < SEEN_BEFORE_NAMING + 5; run += 1)
      expect((await pool.query({ text }, [run])).rows).toEqual([{ double: run * 2 }]);
    expect(await preparedNames()).not.toContain(preparedName(text));
  });

  it(`keeps at most ${NAMES_PER_CONNECTION} names on a connection`, async () => {
    for (let index = 0; index < NAMES_PER_CONNECTION + 20; index += 1) {
      const text = `select $1::int + ${index} as value`;
      for (let run = 0; run <= SEEN_BEFORE_NAMING; run += 1) expect((await pool.query({ text }, [1])).rows).toEqual([{ value: 1 + index }]);
    }
    expect((await preparedNames()).length).toBe(NAMES_PER_CONNECTION);
  });
});
