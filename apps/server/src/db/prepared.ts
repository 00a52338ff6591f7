/**
 * Named prepared statements for the hottest raw statements (a like's one statement). PostgreSQL
 * then parses and plans such a statement once per connection and, after a few runs, keeps a
 * generic plan: for the like, planning was about two thirds of PostgreSQL's time per call.
 *
 * The name is taken from the statement's text, so every variant of a statement gets its own name
 * and no two texts ever share one (node-postgres refuses that). Values stay parameters; a text
 * that changes with every call (an inlined value) would fill each connection with statements,
 * so only statements whose text has a few variants belong here. PGlite ignores the name.
 */
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './open';
import { preparedName } from './statement-names';

/** The parts of drizzle's session this needs (the same on the database and inside a transaction). */
interface SessionLike {
  session: {
    dialect: PgDialect;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}

/** Runs `query` as a named prepared statement (PostgreSQL) and answers its rows. */
export async function executePrepared<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  return executeBuilt<Row>(db, (db as unknown as SessionLike).session.dialect.sqlToQuery(query));
}

/**
 * Runs an already built statement (text and parameter values) as a named prepared statement: for
 * a statement built once with placeholders and filled per call (drizzle's fillPlaceholders), so
 * that not even the text is assembled again.
 */
export async function executeBuilt<Row>(db: Pick<Database, 'execute'>, built: { sql: string; params: unknown[] }): Promise<Row[]> {
  const { session } = db as unknown as SessionLike;
  const result = (await session.prepareQuery(built, undefined, preparedName(built.sql), false).execute()) as { rows: Row[] };
  return result.rows;
}

const statementDialect = new PgDialect();

/**
 * A statement for a hot path (e.g. the notification queue's reads, several per mail): built by
 * drizzle once, with named placeholders (`p.userId`), and run as a named prepared statement; each
 * call only fills in its values, so neither Node assembles the text nor PostgreSQL plans it again.
 * Rows come as PostgreSQL answers them: alias the columns to the names the Row type says.
 */
export function preparedStatement<Values extends Record<string, unknown>, Row>(
  build: (p: { readonly [K in keyof Values]: Placeholder }) => SQL,
) {
  let built: { sql: string; params: unknown[] } | undefined;
  const placeholders = new Proxy({}, { get: (_target, name) => sql.placeholder(String(name)) }) as {
    readonly [K in keyof Values]: Placeholder;
  };
  return async (db: Pick<Database, 'execute'>, values: Values): Promise<Row[]> => {
    built ??= statementDialect.sqlToQuery(build(placeholders));
    return executeBuilt<Row>(db, { sql: built.sql, params: fillPlaceholders(built.params, values) });
  };
}
