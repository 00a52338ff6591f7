/**
 * The dashboard's all-sites figures read a range of days by an index (issue 31, migration 0024):
 * signups and activations (users), active members (member_active_days), credits spent
 * (credit_entries) and refunds (payment_refunds). With sequential scans made as dear as the planner
 * allows, each query's plan must name its date index: a lost or unusable index fails here. Runs
 * on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describePlan, planNodes, planOf } from '../../test/query-plans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = new Date('2026-03-01T00:00:00Z');
const end = new Date('2026-03-31T00:00:00Z');

/** The where clauses of the owners' for-dashboard.ts queries for all sites, with their index. */
const QUERIES: [string, SQL][] = [
  [
    'users_created_idx',
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) from users where created_at >= ${start} and created_at < ${end} group by 1`,
  ],
  [
    'users_activated_idx',
    sql`select to_char(activated_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) from users where activated_at >= ${start} and activated_at < ${end} group by 1`,
  ],
  [
    'member_active_days_day_idx',
    sql`select day, count(*) from member_active_days where day >= '2026-03-01' and day < '2026-03-31' group by day`,
  ],
  [
    'credit_entries_spent_created_idx',
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(sum(-amount), 0)::int from credit_entries
        where created_at >= ${start} and created_at < ${end} and kind in ('message', 'image', 'gift') and amount < 0 group by 1`,
  ],
  ['payment_refunds_created_idx', sql`select count(*) from payment_refunds where created_at >= ${start} and created_at < ${end}`],
];

describe('dashboard date indexes', () => {
  for (const [index, query] of QUERIES) {
    it(`reads a range of days by ${index}`, async () => {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return planOf(tx, query);
      });
      expect(
        planNodes(plan).some((node) => node['Index Name'] === index),
        describePlan(plan),
      ).toBe(true);
    });
  }
});
