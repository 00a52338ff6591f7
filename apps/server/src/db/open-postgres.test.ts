import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './open';

// The PostgreSQL pool only exists with TEST_DATABASE_URL (CI); the embedded database has no pool.
describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  let database: DatabaseHandle;
  afterAll(() => database?.close());

  it('survives the server ending an idle connection and answers the next query on a new one', async () => {
    database = await createTestDatabase();
    const first = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
    const pid = first.rows[0]!.pid;
    // Another session ends ours, as a failover or an administrator would.
    const killer = await createTestDatabase();
    await killer.db.execute(sql`select pg_terminate_backend(${pid})`);
    await killer.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
    expect(next.rows[0]!.pid).not.toBe(pid);
  });
});
