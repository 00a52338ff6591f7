/**
 * The credit ledger (docs/decisions/017-credit-ledger.md): the only code that changes a
 * member's credits. Each change is one append-only entry and the cached balance on the account,
 * written together inside the caller's transaction, so a message and its price (or a payment and
 * its credits) commit or roll back as one.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { CREDIT_KINDS, type TCreditHistoryAnswer, type TCreditKind } from '@cupido/shared/contracts/credits';
import { creditEntries, users } from '../../db/schema';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { AppError } from '../../errors';

/** A drizzle transaction (or the database itself, for reads). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Tx;

export interface CreditChange {
  userId: number;
  /** Signed and never 0: positive grants, negative spends. */
  amount: number;
  kind: TCreditKind;
  /**
   * Unique per member: a change posted again with the same key (a double click, a replayed
   * webhook) writes nothing and answers the first result. Name it after what is paid,
   * e.g. `message:123` or `payment:45`.
   */
  idempotencyKey: string;
  /** What the entry pays for or comes from, e.g. 'message:123'. */
  reference?: string | null;
  /** Why staff made a manual_correction (the reason typed in the back office's members desk). */
  note?: string | null;
  now: Date;
}

export interface PostedEntry {
  entryId: number;
  amount: number;
  kind: TCreditKind;
  balanceAfter: number;
  /** True when the key had been posted before and nothing new was written. */
  replayed: boolean;
}

/** The member has fewer credits than the change takes; nothing was written. */
export class InsufficientCreditsError extends AppError {
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    // 402: the spec's answer to "not enough credits" is to buy credits.
    super(402, 'insufficient_credits', 'errors.insufficient_credits', { balance, required });
    this.name = 'InsufficientCreditsError';
  }
}

/**
 * Changes a member's credits by `amount`, inside the caller's transaction. The member's row is
 * locked first, so concurrent changes of one member run one after another, each seeing the
 * balance and the entries the previous one committed: a key posted concurrently twice is
 * written once, and spends can never take the balance below 0.
 *
 * `accountLocked`: the caller locked this member's account row earlier in this transaction
 * (accounts' lockMemberAccount, as a chat send does), so the lock is not asked again: one round
 * trip less while the caller's locks are held (issue 32's chat bench).
 */
export async function changeCredits(tx: Tx, change: CreditChange, options: { accountLocked?: boolean } = {}): Promise<PostedEntry> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
    throw new Error(`A credit change needs a non-zero whole amount, got ${change.amount}`);
  }
  if (!CREDIT_KINDS.includes(change.kind)) throw new Error(`Unknown credit kind ${String(change.kind)}`);
  if (change.idempotencyKey.length === 0) throw new Error('A credit change needs an idempotency key');

  if (!options.accountLocked) {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId)).for('update');
    if (!member) throw new Error(`No member ${change.userId} to change credits of`);
  }

  // One statement once the account is locked (its snapshot then sees every entry committed
  // before): the entry of this key posted earlier, or the balance changed and the entry
  // posted. The update's condition repeats the balance check atomically; the database's CHECK
  // (credits >= 0) is the last guard. A paid send runs this in its transaction (issue 32's chat
  // bench): three round trips fewer there than a statement each.
  const [posted] = await postStatement(tx as unknown as Database, {
    userId: change.userId,
    amount: change.amount,
    kind: change.kind,
    idempotencyKey: change.idempotencyKey,
    reference: change.reference ?? null,
    note: change.note ?? null,
    createdAt: change.now,
  });
  if (posted?.earlier_id != null) {
    return {
      entryId: posted.earlier_id,
      amount: posted.earlier_amount!,
      kind: posted.earlier_kind!,
      balanceAfter: posted.earlier_balance_after!,
      replayed: true,
    };
  }
  if (posted?.balance_before == null) throw new Error(`No member ${change.userId} to change credits of`);
  if (posted.entry_id == null) throw new InsufficientCreditsError(posted.balance_before, -change.amount);
  return { entryId: posted.entry_id, amount: change.amount, kind: change.kind, balanceAfter: posted.balance_after!, replayed: false };
}

/** changeCredits' one statement, built once (every paid chat message runs it). */
const postStatement = preparedStatement<
  {
    userId: number;
    amount: number;
    kind: TCreditKind;
    idempotencyKey: string;
    reference: string | null;
    note: string | null;
    createdAt: Date;
  },
  {
    earlier_id: number | null;
    earlier_amount: number | null;
    earlier_kind: TCreditKind | null;
    earlier_balance_after: number | null;
    entry_id: number | null;
    balance_after: number | null;
    balance_before: number | null;
  }
>(
  (p) =>
    sql`with earlier as (
      select id, amount, kind, balance_after from ${creditEntries} where user_id = ${p.userId}::int and idempotency_key = ${p.idempotencyKey}::text
    ), updated as (
      update ${users} set credits = credits + ${p.amount}::int
      where id = ${p.userId}::int and credits + ${p.amount}::int >= 0 and not exists (select 1 from earlier)
      returning credits
    ), inserted as (
      insert into ${creditEntries} (user_id, amount, kind, idempotency_key, reference, note, balance_after, created_at)
      select ${p.userId}::int, ${p.amount}::int, ${p.kind}::text, ${p.idempotencyKey}::text, ${p.reference}::text, ${p.note}::text, credits, ${p.createdAt}::timestamptz
      from updated
      returning id, balance_after
    )
    select earlier.id as earlier_id, earlier.amount as earlier_amount, earlier.kind as earlier_kind, earlier.balance_after as earlier_balance_after,
      inserted.id as entry_id, inserted.balance_after, (select credits from ${users} where id = ${p.userId}::int) as balance_before
    from (select 1) as one left join earlier on true left join inserted on true`,
);

/** The member's balance, as the ledger keeps it (0 for an unknown member). */
export async function readBalance(db: Reader, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/**
 * The cached balance as a column, for a query that already joins the member's account: the
 * session lookup of every page view selects it this way instead of running readBalance.
 */
export function creditBalanceColumn() {
  return users.credits;
}

export interface CreditHistoryEntry {
  id: number;
  createdAt: Date;
  kind: TCreditKind;
  amount: number;
  balanceAfter: number;
  reference: string | null;
}

/**
 * The member's entries, newest first. `before` (an entry id) pages on; without `limit` every
 * entry (the personal data export takes them all).
 */
export async function listCreditHistory(
  db: Reader,
  userId: number,
  page: { before?: number; limit?: number } = {},
): Promise<CreditHistoryEntry[]> {
  const query = db
    .select({
      id: creditEntries.id,
      createdAt: creditEntries.createdAt,
      kind: creditEntries.kind,
      amount: creditEntries.amount,
      balanceAfter: creditEntries.balanceAfter,
      reference: creditEntries.reference,
    })
    .from(creditEntries)
    .where(and(eq(creditEntries.userId, userId), page.before === undefined ? undefined : lt(creditEntries.id, page.before)))
    .orderBy(desc(creditEntries.id));
  return page.limit === undefined ? query : query.limit(page.limit);
}

/** One page of GET /api/credits-history.php: the balance, `limit` entries, and where the next page starts. */
export async function creditHistoryPage(
  db: Database,
  userId: number,
  page: { before?: number; limit: number },
): Promise<TCreditHistoryAnswer> {
  // One more than asked tells whether an older page exists, without counting.
  const [balance, rows] = await Promise.all([
    readBalance(db, userId),
    listCreditHistory(db, userId, { before: page.before, limit: page.limit + 1 }),
  ]);
  const entries = rows.slice(0, page.limit);
  return {
    balance,
    entries: entries.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      kind: row.kind,
      amount: row.amount,
      balance_after: row.balanceAfter,
    })),
    next_before: rows.length > page.limit ? entries[entries.length - 1]!.id : null,
  };
}
