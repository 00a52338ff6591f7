/** The ledger's one writer: entries and balance together, idempotent, never below 0 (decision 017). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { creditEntries, users } from '../../db/schema';
import { createCreditsTestDatabase, NOW, type CreditsTestDatabase } from './test/credits-test-kit';
import { changeCredits, InsufficientCreditsError, listCreditHistory, readBalance, type CreditChange } from './service';

let t: CreditsTestDatabase;
beforeAll(async () => {
  t = await createCreditsTestDatabase();
});
afterAll(() => t.database.close());

const change = (userId: number, amount: number, key: string, extra: Partial<CreditChange> = {}) =>
  t.database.db.transaction((tx) => changeCredits(tx, { userId, amount, kind: 'message', idempotencyKey: key, now: NOW, ...extra }));

/** Whatever a promise rejected with (fails when it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => error,
  );
}

describe('changeCredits', () => {
  it('writes the entry and the balance together, the entry keeping the balance it left', async () => {
    const userId = await t.member();
    const granted = await change(userId, 30, 'payment:1', { kind: 'purchase', reference: 'payment:1' });
    expect(granted).toMatchObject({ amount: 30, kind: 'purchase', balanceAfter: 30, replayed: false });
    const spent = await change(userId, -4, 'message:7', { reference: 'message:7' });
    expect(spent).toMatchObject({ amount: -4, kind: 'message', balanceAfter: 26, replayed: false });

    expect(await readBalance(t.database.db, userId)).toBe(26);
    expect(await t.entriesSum(userId)).toBe(26);
    const history = await listCreditHistory(t.database.db, userId);
    expect(history.map(({ kind, amount, balanceAfter, reference }) => ({ kind, amount, balanceAfter, reference }))).toEqual([
      { kind: 'message', amount: -4, balanceAfter: 26, reference: 'message:7' },
      { kind: 'purchase', amount: 30, balanceAfter: 30, reference: 'payment:1' },
    ]);
    expect(history[0]!.createdAt.toISOString()).toBe(NOW.toISOString());
  });

  it('posts a key once: a replay writes nothing and answers the first result, even with other figures', async () => {
    const userId = await t.member(10);
    const first = await change(userId, -3, 'message:42');
    const again = await change(userId, -3, 'message:42');
    const different = await change(userId, -9, 'message:42', { kind: 'gift' });
    expect(again).toEqual({ ...first, replayed: true });
    expect(different).toEqual({ ...first, replayed: true });
    expect(await readBalance(t.database.db, userId)).toBe(7);
    expect(await t.database.db.$count(creditEntries, eq(creditEntries.userId, userId))).toBe(2);
    // Keys are per member: another member's message:42 is its own entry.
    const other = await t.member(5);
    expect(await change(other, -3, 'message:42')).toMatchObject({ replayed: false, balanceAfter: 2 });
  });

  it('writes a key posted by several transactions at once exactly once', async () => {
    const userId = await t.member();
    const results = await Promise.all(Array.from({ length: 10 }, () => change(userId, 25, 'payment:9', { kind: 'purchase' })));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
    expect(await readBalance(t.database.db, userId)).toBe(25);
    expect(await t.entriesSum(userId)).toBe(25);
  });

  it('with the account row locked by the caller (accountLocked, as a chat send): a key posted at once is written once, an overdraft refused with the balance', async () => {
    const userId = await t.member(30);
    const lockedChange = (amount: number, key: string) =>
      t.database.db.transaction(async (tx) => {
        // What accounts' lockMemberAccount does first in a send's transaction.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        return changeCredits(tx, { userId, amount, kind: 'message', idempotencyKey: key, now: NOW }, { accountLocked: true });
      });
    const results = await Promise.all(Array.from({ length: 8 }, () => lockedChange(-10, 'message:locked')));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await readBalance(t.database.db, userId)).toBe(20);
    const spends = await Promise.allSettled(Array.from({ length: 3 }, (_, i) => lockedChange(-15, `message:locked-${i}`)));
    expect(spends.filter((spend) => spend.status === 'fulfilled')).toHaveLength(1);
    const refused = spends
      .filter((spend): spend is PromiseRejectedResult => spend.status === 'rejected')
      .map((spend) => spend.reason as unknown);
    expect(refused).toHaveLength(2);
    for (const error of refused) expect(error).toMatchObject({ status: 402, code: 'insufficient_credits', balance: 5, required: 15 });
    expect(await readBalance(t.database.db, userId)).toBe(5);
    expect(await t.entriesSum(userId)).toBe(5);
  });

  it('refuses an overdraft with insufficient_credits (402) and leaves the whole transaction unwritten', async () => {
    const userId = await t.member(5);
    const error = await rejection(
      t.database.db.transaction(async (tx) => {
        // Something the caller wrote first in the same transaction (a message, say) goes too.
        await tx.update(users).set({ language: 'nl' }).where(eq(users.id, userId));
        await changeCredits(tx, { userId, amount: -6, kind: 'message', idempotencyKey: 'message:1', now: NOW });
      }),
    );
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits', balance: 5, required: 6 });
    const [row] = await t.database.db.select({ credits: users.credits, language: users.language }).from(users).where(eq(users.id, userId));
    expect(row).toEqual({ credits: 5, language: 'en' });
    expect(await t.database.db.$count(creditEntries, eq(creditEntries.userId, userId))).toBe(1);
    // Spending exactly the balance is allowed.
    expect(await change(userId, -5, 'message:1')).toMatchObject({ balanceAfter: 0, replayed: false });
  });

  it('takes every kind of the contract, refuses 0, fractions, unknown kinds and an empty key before writing', async () => {
    const userId = await t.member(100);
    for (const kind of [
      'signup_credits',
      'manual_correction',
      'message',
      'image',
      'gift',
      'purchase',
      'refund',
      'opening_balance',
    ] as const) {
      expect(await change(userId, kind === 'refund' ? 2 : -1, `kind:${kind}`, { kind })).toMatchObject({ kind, replayed: false });
    }
    await expect(change(userId, 0, 'zero')).rejects.toThrow(/non-zero/);
    await expect(change(userId, 1.5, 'half')).rejects.toThrow(/non-zero whole/);
    await expect(change(userId, 1, 'bogus', { kind: 'bonus' as never })).rejects.toThrow(/Unknown credit kind/);
    await expect(change(userId, 1, '')).rejects.toThrow(/idempotency key/);
    await expect(change(999_999, 1, 'nobody')).rejects.toThrow(/No member/);
    expect(await readBalance(t.database.db, userId)).toBe(100 - 7 + 2);
  });
});

describe('the database itself', () => {
  it('refuses a negative balance, an entry of 0, an unknown kind and a negative balance_after', async () => {
    const userId = await t.member(3);
    const { db } = t.database;
    const insertEntry = (amount: number, kind: string, balanceAfter: number, key: string) =>
      db.execute(sql`INSERT INTO credit_entries (user_id, amount, kind, idempotency_key, balance_after, created_at)
        VALUES (${userId}, ${amount}, ${kind}, ${key}, ${balanceAfter}, now())`);
    const refusedBy = async (promise: Promise<unknown>) => {
      const error = (await rejection(promise)) as { cause?: { constraint?: string }; constraint?: string };
      return error.cause?.constraint ?? error.constraint;
    };
    expect(await refusedBy(db.execute(sql`UPDATE users SET credits = -1 WHERE id = ${userId}`))).toBe('users_credits_not_negative');
    expect(await refusedBy(insertEntry(0, 'message', 3, 'a'))).toBe('credit_entries_amount_not_zero');
    expect(await refusedBy(insertEntry(1, 'bonus', 4, 'b'))).toBe('credit_entries_kind_known');
    expect(await refusedBy(insertEntry(-5, 'message', -2, 'c'))).toBe('credit_entries_balance_after_not_negative');
    expect(await readBalance(db, userId)).toBe(3);
  });
});
