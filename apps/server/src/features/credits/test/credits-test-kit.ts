/** Test helpers of the credits feature: a database with the demo sites, members with a balance. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../db/open';
import { users } from '../../../db/schema';
import { seedDemoSites } from '../../../seed/demo-sites';
import { createTestDatabase } from '../../../test/test-database';
import { changeCredits } from '../service';

export const NOW = new Date('2026-11-23T12:00:00Z');

export interface CreditsTestDatabase {
  database: DatabaseHandle;
  /** A new member (no profile needed here) with `credits` granted as one manual correction. */
  member(credits?: number): Promise<number>;
  /** The sum of the member's entries, as the database adds it up. */
  entriesSum(userId: number): Promise<number>;
}

export async function createCreditsTestDatabase(): Promise<CreditsTestDatabase> {
  const database = await createTestDatabase();
  const [site] = await seedDemoSites(database.db);
  const { db } = database;
  return {
    database,
    async member(credits = 0) {
      const [row] = await db
        .insert(users)
        .values({ siteId: site!.id, email: `member-${randomBytes(6).toString('hex')}@example.test`, status: 'active', createdAt: NOW })
        .returning({ id: users.id });
      const userId = row!.id;
      if (credits > 0) {
        await db.transaction((tx) =>
          changeCredits(tx, { userId, amount: credits, kind: 'manual_correction', idempotencyKey: 'start', now: NOW }),
        );
      }
      return userId;
    },
    async entriesSum(userId) {
      // Both drivers answer execute() with { rows }.
      const result = (await db.execute(
        sql`SELECT sum(amount)::text AS total FROM credit_entries WHERE user_id = ${userId}`,
      )) as unknown as {
        rows: { total: string | null }[];
      };
      return Number(result.rows[0]?.total ?? 0);
    },
  };
}
