import { afterAll, describe, expect, it, vi } from 'vitest';
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
    const connections = database.poolUse()!.total;
    // Another session ends ours, as a failover or an administrator would.
    const killer = await createTestDatabase();
    await killer.db.execute(sql`select pg_terminate_backend(${pid})`);
    await killer.close();
    // The pool has noticed and dropped the dead connection (not: some milliseconds have passed).
    await vi.waitFor(() => expect(database.poolUse()!.total).toBeLessThan(connections), { timeout: 10_000 });
    const next = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
    expect(next.rows[0]!.pid).not.toBe(pid);
  });
});
