/** The tables of credits (decision 021: db/table-owners.ts names each table's owning feature). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_KINDS } from '@cupido/shared/contracts/credits';
import { users } from './accounts';

/**
 * The append-only credit ledger, owned by features/credits. A unique key per user makes a
 * replayed grant (a double click, a webhook arriving twice) post nothing twice. Each entry keeps
 * the balance it left, so the history needs no running sum. Kept when an account is erased: the
 * user row is pseudonymised instead, as tax law keeps payment records.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed: positive grants, negative spends; never 0. */
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the entry pays for or comes from, e.g. 'message:123' or 'payment:45'. */
    reference: text('reference'),
    /** Why staff corrected the balance (kind manual_correction: the reason given in the back office). */
    note: text('note'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_entries_user_key_unique').on(t.userId, t.idempotencyKey),
    // The member's history, newest first.
    index('credit_entries_user_history_idx').on(t.userId, t.id),
    // The dashboard's credits spent per day (issue 31): only spending entries, by time.
    index('credit_entries_spent_created_idx')
      .on(t.createdAt)
      .where(sql`${t.amount} < 0`),
    check('credit_entries_amount_not_zero', sql`${t.amount} <> 0`),
    check('credit_entries_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
    check('credit_entries_kind_known', sql.raw(`"kind" IN (${CREDIT_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);
