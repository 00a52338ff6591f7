/**
 * What the activity marks (features/presence, issue 28; decision 036) ask the operator console:
 * which fictional profiles an operator is answering at the moment. A fictional profile is never
 * online by itself (no socket of its own counts); it shows "online now" only while an operator
 * holds a claim on one of its conversations that the answer screen keeps renewing.
 */
import { and, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { operatorClaims } from '../../db/schema';
import { fictionalSideOf } from '../chats/for-operator-console';

/**
 * A claim renewed within this long counts as an operator answering now. The answer screen renews
 * its claim every minute while it is shown (a hidden tab stops renewing); two renewals and some
 * slack. Leaving the screen or sending releases the claim at once.
 */
export const ANSWERING_NOW_MS = 150_000;

/**
 * Of these profiles, the fictional ones an operator is answering now: one query over the claims
 * (a handful of rows, one per operator at work), each with its conversation's fictional side.
 */
export async function fictionalProfilesAnsweredNow(
  db: Pick<Database, 'selectDistinct'>,
  profileIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (profileIds.length === 0) return new Set();
  const side = fictionalSideOf(operatorClaims.conversationId);
  const rows = await db
    .selectDistinct({ profileId: side })
    .from(operatorClaims)
    .where(
      and(
        gt(operatorClaims.lastSeenAt, new Date(now.getTime() - ANSWERING_NOW_MS)),
        sql`${side} = any(${sql.param([...profileIds])}::int[])`,
      ),
    );
  return new Set(rows.map((row) => Number(row.profileId)));
}
