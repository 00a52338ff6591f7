/**
 * What the members desk (features/members-desk, above payments) shows of a member's purchases
 * (issue 14): the latest payments and the open purchase blocks, which support may lift.
 */
import type { TMemberPayments } from '@cupido/shared/contracts/finance';
import type { Database } from '../../db/open';
import { listPayments } from './finance/queries';
import { blockView, openBlocksOf } from './finance/blocks';

/** The member page lists this many of the newest payments; the finance screen has them all. */
export const MEMBER_PAYMENTS_SHOWN = 20;

export async function memberPaymentsForDesk(db: Pick<Database, 'select'>, userId: number): Promise<TMemberPayments> {
  const { payments } = await listPayments(db, { user_id: userId, limit: MEMBER_PAYMENTS_SHOWN });
  return { payments, open_blocks: (await openBlocksOf(db, userId)).map(blockView) };
}
