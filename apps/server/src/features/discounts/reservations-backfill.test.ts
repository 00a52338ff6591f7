/**
 * Migration 0014's backfill (issue 27, finding 2): orders already under way when reservations
 * arrive keep their discount. Per member and once-per-user code the paid order, else the pending
 * one, else the newest open one (held for the payment window) gets the reservation; unlimited
 * codes and failed orders get none. The statement runs as the migrator runs it, on rows made
 * the way the old code left them (no reservations).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../../db/open';
import { discountCodes, discountReservations, payments } from '../../db/schema';
import { seedDemoSites } from '../../seed/demo-sites';
import { createTestDatabase } from '../../test/test-database';
import { insertMember, insertPayment } from '../payments/receipts/test/receipts-test-kit';
import { DISCOUNT_PAYMENT_WINDOW_MS } from './reservations';

let handle: DatabaseHandle;
let siteId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  siteId = (await seedDemoSites(handle.db))[0]!.id;
});
afterAll(() => handle.close());

function backfillStatement(): string {
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, '0014_discount_reservations.sql'), 'utf8');
  const statement = text.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "discount_reservations"'));
  if (!statement) throw new Error('0014 has no backfill');
  return statement;
}

const T0 = new Date('2026-11-20T10:00:00Z');

async function order(userId: number, codeId: number, status: 'open' | 'pending' | 'paid' | 'failed', minute: number) {
  const at = new Date(T0.getTime() + minute * 60_000);
  const id = await insertPayment(handle.db, {
    userId,
    siteId,
    paidAt: at,
    invoiceNumber: `2026-1-bf${userId}${minute}`,
    status: status === 'paid' ? 'paid' : 'open',
  });
  await handle.db.update(payments).set({ discountCodeId: codeId, discountPercentage: 25, status }).where(eq(payments.id, id));
  return { id, createdAt: new Date(at.getTime() - 60_000) };
}

it("gives each member's paid, else pending, else newest open order the once-per-user code", async () => {
  const [once] = await handle.db.insert(discountCodes).values({ code: 'BACKFILLONCE', valuePercentage: 25 }).returning();
  const [unlimited] = await handle.db
    .insert(discountCodes)
    .values({ code: 'BACKFILLMANY', valuePercentage: 10, validity: 'unlimited' })
    .returning();
  const member = async () => (await insertMember(handle.db, siteId, { createdAt: T0 })).id;
  const [paidFirst, pendingFirst, openOnly, failedOnly, manyOnly] = [
    await member(),
    await member(),
    await member(),
    await member(),
    await member(),
  ];

  await order(paidFirst, once!.id, 'open', 30);
  const paid = await order(paidFirst, once!.id, 'paid', 10);
  const pending = await order(pendingFirst, once!.id, 'pending', 5);
  await order(pendingFirst, once!.id, 'open', 20);
  await order(openOnly, once!.id, 'open', 1);
  const newestOpen = await order(openOnly, once!.id, 'open', 2);
  await order(failedOnly, once!.id, 'failed', 3);
  await order(manyOnly, unlimited!.id, 'open', 4);

  await handle.db.delete(discountReservations);
  await handle.db.execute(sql.raw(backfillStatement()));
  const rows = await handle.db.select().from(discountReservations);
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  expect(rows).toHaveLength(3);
  expect(byUser.get(paidFirst)).toMatchObject({ codeId: once!.id, paymentId: paid.id, heldUntil: null });
  expect(byUser.get(pendingFirst)).toMatchObject({ paymentId: pending.id, heldUntil: null });
  expect(byUser.get(openOnly)).toMatchObject({
    paymentId: newestOpen.id,
    heldUntil: new Date(newestOpen.createdAt.getTime() + DISCOUNT_PAYMENT_WINDOW_MS),
  });
});
