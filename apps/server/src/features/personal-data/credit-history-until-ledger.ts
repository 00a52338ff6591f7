/**
 * TEMPORARY credit_history part, until the credits feature (issue 10's ledger) offers
 * listCreditHistory: then features/credits/personal-data.ts registers it and this file goes.
 * Reads the entries directly, oldest first, with the running balance; the kind column is read
 * by name from the row because the ledger's migration renames it (reason -> kind).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { creditEntries } from '../../db/schema';
import { registerDataExportPart } from './registry';

registerDataExportPart('credit_history', async ({ db }, userId) => {
  const rows = await db
    .select({
      amount: creditEntries.amount,
      createdAt: creditEntries.createdAt,
      kind: sql<string>`coalesce(to_jsonb(${creditEntries})->>'kind', to_jsonb(${creditEntries})->>'reason')`,
    })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(asc(creditEntries.id));
  let balance = 0;
  return rows.map((row) => {
    balance += row.amount;
    return { created_at: row.createdAt.toISOString(), kind: row.kind, amount: row.amount, balance_after: balance };
  });
});
