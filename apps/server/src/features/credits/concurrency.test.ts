/**
 * Issue 10: 100 concurrent spends of 1 credit on a balance of 50 give exactly 50 successes, the
 * balance 0 and entries summing to it. Each spend is its own transaction; on PostgreSQL they
 * race over the pool, on PGlite its single connection serialises them (the test still holds).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditEntries } from '../../db/schema';
import { createCreditsTestDatabase, NOW, type CreditsTestDatabase } from './test/credits-test-kit';
import { changeCredits, InsufficientCreditsError, readBalance } from './service';

let t: CreditsTestDatabase;
beforeAll(async () => {
  t = await createCreditsTestDatabase();
});
afterAll(() => t.database.close());

it('100 concurrent spends of 1 on a balance of 50: exactly 50 succeed, the balance is 0, the entries sum to it', async () => {
  const userId = await t.member(50);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 100 }, (_, index) =>
      t.database.db.transaction((tx) =>
        changeCredits(tx, {
          userId,
          amount: -1,
          kind: 'message',
          idempotencyKey: `message:${index}`,
          reference: `message:${index}`,
          now: NOW,
        }),
      ),
    ),
  );
  const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
  expect(succeeded).toHaveLength(50);
  expect(refused).toHaveLength(50);
  for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(InsufficientCreditsError);
  // Every success left a different balance: 49, 48, ... 0, each exactly once.
  const balancesLeft = succeeded.map((outcome) => outcome.value.balanceAfter).sort((a, b) => a - b);
  expect(balancesLeft).toEqual(Array.from({ length: 50 }, (_, index) => index));

  expect(await readBalance(t.database.db, userId)).toBe(0);
  expect(await t.entriesSum(userId)).toBe(0);
  expect(await t.database.db.$count(creditEntries, eq(creditEntries.userId, userId))).toBe(51);
});
