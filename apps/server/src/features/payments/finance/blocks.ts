/**
 * Purchase blocks (issue 14): a card block follows a chargeback (take-back.ts) and stays until
 * support lifts it; staff may also block a member's card or direct debit purchases by hand. At
 * most one open block per member and kind (the partial unique index decides when two race).
 * Each change has its audit entry in its own transaction.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TPurchaseBlockAnswer, TPurchaseBlockKind, TPurchaseBlockView } from '@cupido/shared/contracts/finance';
import type { Database } from '../../../db/open';
import { purchaseBlocks } from '../../../db/schema';
import { AppError } from '../../../errors';
import { recordStaffAction } from '../../audit/service';
import { accountForDesk } from '../../accounts/for-members-desk';
import type { PaymentDeps } from '../deps';

type Reader = Pick<Database, 'select'>;
type BlockRow = typeof purchaseBlocks.$inferSelect;

const memberNotFound = () => new AppError(404, 'member_not_found', 'staff.finance.errors.member_not_found');
const conflict = (code: string) => new AppError(409, code, `staff.finance.errors.${code}`, {}, 'kind');

export function blockView(row: BlockRow): TPurchaseBlockView {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    payment_id: row.paymentId,
    created_at: row.createdAt.toISOString(),
    lifted_at: row.liftedAt ? row.liftedAt.toISOString() : null,
  };
}

export async function openBlocksOf(db: Reader, userId: number): Promise<BlockRow[]> {
  return db
    .select()
    .from(purchaseBlocks)
    .where(and(eq(purchaseBlocks.userId, userId), isNull(purchaseBlocks.liftedAt)))
    .orderBy(asc(purchaseBlocks.id));
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function blockPurchases(
  deps: PaymentDeps,
  staffId: number,
  userId: number,
  kind: TPurchaseBlockKind,
): Promise<TPurchaseBlockAnswer> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await accountForDesk(tx, userId);
      if (!account || account.status === 'erased') throw memberNotFound();
      const [row] = await tx
        .insert(purchaseBlocks)
        .values({ userId, kind, reason: 'staff', createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('already_blocked');
      await recordStaffAction(
        tx,
        { staffId, action: 'purchases.block', itemType: 'user', itemId: userId, siteId: account.siteId, after: { kind, block_id: row.id } },
        now,
      );
      return { block: blockView(row) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('already_blocked');
    throw err;
  }
}

export async function liftPurchaseBlock(
  deps: PaymentDeps,
  staffId: number,
  userId: number,
  kind: TPurchaseBlockKind,
  reason: string | undefined,
): Promise<TPurchaseBlockAnswer> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const account = await accountForDesk(tx, userId);
    if (!account) throw memberNotFound();
    const [row] = await tx
      .update(purchaseBlocks)
      .set({ liftedAt: now, liftedByStaffId: staffId })
      .where(and(eq(purchaseBlocks.userId, userId), eq(purchaseBlocks.kind, kind), isNull(purchaseBlocks.liftedAt)))
      .returning();
    if (!row) throw conflict('not_blocked');
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'purchases.lift_block',
        itemType: 'user',
        itemId: userId,
        siteId: account.siteId,
        before: { kind, reason: row.reason, payment_id: row.paymentId, created_at: row.createdAt.toISOString() },
        after: { lifted_at: now.toISOString(), reason: reason ?? '' },
      },
      now,
    );
    return { block: blockView(row) };
  });
}
