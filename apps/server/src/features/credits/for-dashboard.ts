/**
 * What the dashboard (issue 13) reads of credits: credits spent per UTC day (the ledger's
 * spending entries: messages, images and gifts; corrections and refunds are not spending), of
 * the accounts of a scope (accounts/for-dashboard.ts) or of all.
 */
import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { creditEntries } from '../../db/schema';

const SPENDING_KINDS = ['message', 'image', 'gift'] as const;

export async function creditsSpentPerDay(
  db: Database,
  period: { start: Date; end: Date },
  accounts: SQL | null,
): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`to_char(${creditEntries.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: sql<number>`coalesce(sum(-${creditEntries.amount}), 0)::int` })
    .from(creditEntries)
    .where(
      and(
        gte(creditEntries.createdAt, period.start),
        lt(creditEntries.createdAt, period.end),
        inArray(creditEntries.kind, [...SPENDING_KINDS]),
        sql`${creditEntries.amount} < 0`,
        accounts === null ? undefined : sql`${creditEntries.userId} in ${accounts}`,
      ),
    )
    .groupBy(day);
}
