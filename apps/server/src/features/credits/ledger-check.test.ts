/** The nightly ledger check reports each balance that differs from the sum of its entries. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCreditsTestDatabase, type CreditsTestDatabase } from './test/credits-test-kit';
import { checkLedgerDrift } from './ledger-check';

let t: CreditsTestDatabase;
beforeAll(async () => {
  t = await createCreditsTestDatabase();
});
afterAll(() => t.database.close());

function recordingLog() {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  return {
    errors,
    log: {
      error: (fields: object, message: string) => void errors.push({ fields: fields as Record<string, unknown>, message }),
      info: () => undefined,
    },
  };
}

it('finds no drift while every change goes through the ledger', async () => {
  await t.member(12);
  await t.member();
  const { errors, log } = recordingLog();
  expect(await checkLedgerDrift({ db: t.database.db, log })).toBe(0);
  expect(errors).toEqual([]);
});

it('logs each balance written behind the ledger as an error with the user id and both figures', async () => {
  const raised = await t.member(20);
  const withoutEntries = await t.member();
  const fine = await t.member(7);
  // Writes the ledger would never make: a balance raised by hand, and one with no entries at all.
  await t.database.db.execute(sql`UPDATE users SET credits = credits + 5 WHERE id = ${raised}`);
  await t.database.db.execute(sql`UPDATE users SET credits = 3 WHERE id = ${withoutEntries}`);

  const { errors, log } = recordingLog();
  const drifted = await checkLedgerDrift({ db: t.database.db, log });
  expect(drifted).toBe(2);
  expect(errors.map((error) => error.fields)).toEqual([
    { userId: raised, balance: 25, entriesSum: 20 },
    { userId: withoutEntries, balance: 3, entriesSum: 0 },
  ]);
  expect(errors[0]!.message).toMatch(/credit ledger drift/);
  expect(errors.some((error) => error.fields.userId === fine)).toBe(false);
});
