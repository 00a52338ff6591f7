/**
 * What the back office's members desk reads of the credit ledger (issue 13): the member's
 * entries, newest first, with the staff note of manual corrections. Corrections themselves go
 * through changeCredits (service.ts), like every other change of a balance.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { creditEntries } from '../../db/schema';

export const DESK_CREDIT_ENTRIES = 200;

export async function creditEntriesForDesk(db: Pick<Database, 'select'>, userId: number, limit = DESK_CREDIT_ENTRIES) {
  return db
    .select({
      id: creditEntries.id,
      createdAt: creditEntries.createdAt,
      kind: creditEntries.kind,
      amount: creditEntries.amount,
      balanceAfter: creditEntries.balanceAfter,
      reference: creditEntries.reference,
      note: creditEntries.note,
    })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(desc(creditEntries.id))
    .limit(limit);
}
