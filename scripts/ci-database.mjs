// `node scripts/ci-database.mjs create|drop NAME`: creates NAME, or drops NAME and every
// database whose name starts with NAME_ (the ones tests cloned), on the local PostgreSQL.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node scripts/ci-database.mjs create|drop name');
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
await client.connect();
try {
  const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2', [name, `${name}\\_%`]);
  for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  if (action === 'create') await client.query(`CREATE DATABASE "${name}"`);
  console.log(
    `${action === 'create' ? 'created' : 'dropped'} ${action === 'create' ? name : rows.map((r) => r.datname).join(', ') || '(nothing)'}`,
  );
} finally {
  await client.end();
}
