/**
 * The nightly ledger check (issue 10): every cached balance must equal the sum of its entries.
 * A difference means something wrote users.credits outside changeCredits (or an entry was
 * removed); it is logged as an error per member for someone to look at, never corrected
 * automatically, because which of the two figures is right needs a person.
 */
import { sql } from 'drizzle-orm';
import { creditEntries, users } from '../../db/schema';
import type { Database } from '../../db/open';

export interface LedgerCheckDeps {
  db: Database;
  /** The app's logger (pino) or anything with its error and info calls. */
  log: { error(fields: object, message: string): void; info(fields: object, message: string): void };
}

/** Compares every balance with the sum of its entries, logs each drift, answers how many drifted. */
export async function checkLedgerDrift(deps: LedgerCheckDeps): Promise<number> {
  const sums = deps.db
    .select({ userId: creditEntries.userId, total: sql<number>`sum(${creditEntries.amount})`.as('total') })
    .from(creditEntries)
    .groupBy(creditEntries.userId)
    .as('sums');
  const drifted = await deps.db
    .select({ userId: users.id, balance: users.credits, entriesSum: sql<string>`coalesce(${sums.total}, 0)` })
    .from(users)
    .leftJoin(sums, sql`${sums.userId} = ${users.id}`)
    .where(sql`${users.credits} <> coalesce(${sums.total}, 0)`)
    .orderBy(users.id);
  for (const row of drifted) {
    deps.log.error(
      { userId: row.userId, balance: row.balance, entriesSum: Number(row.entriesSum) },
      'credit ledger drift: the balance differs from the sum of its entries',
    );
  }
  deps.log.info({ drifted: drifted.length }, 'credit ledger check done');
  return drifted.length;
}
