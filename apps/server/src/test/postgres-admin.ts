/** Small helpers to create and drop test databases on a real PostgreSQL server. */
import pg from 'pg';

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** postgres://.../cupido_ci -> postgres://.../cupido_ci_tpl */
export function templateDatabaseUrl(url: string): string {
  const base = new URL(url).pathname.slice(1) || 'cupido_test';
  return withDatabaseName(url, `${base}_tpl`);
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
