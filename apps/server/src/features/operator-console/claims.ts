/**
 * Claims (issue 15): who answers a conversation now. One row per conversation in operator_claims,
 * so the primary key makes a claim exclusive in every process: the claim is one INSERT ... ON
 * CONFLICT DO UPDATE that takes the row only when it is the caller's own or has lapsed (no call
 * on it for the site's operator_claim_idle_minutes), and answers the row only then. Every call of
 * the holder on the conversation renews last_seen_at; sending an answer deletes the claim.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { TOperatorClaim } from '@cupido/shared/contracts/operator-console';
import type { Database } from '../../db/open';
import { operatorAnswers, operatorClaims } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tx } from '../../infra/domain-events';
import { staffNameOf } from '../staff/for-operator-console';
import type { OperatorConversationRow } from '../chats/for-operator-console';

const MINUTE_MS = 60_000;
/** A conversation answered this recently may still be claimed (the operator adds a second message). */
export const CLAIMABLE_AFTER_ANSWER_MS = 24 * 60 * MINUTE_MS;

type Reader = Pick<Database, 'select'>;
export type ClaimRow = typeof operatorClaims.$inferSelect;

export const conversationNotFound = () =>
  new AppError(404, 'conversation_not_found', 'staff.operator.errors.conversation_not_found', {}, 'conversation');
export const claimRequired = () => new AppError(409, 'claim_required', 'staff.operator.errors.claim_required', {}, 'conversation');
const conversationTaken = (name: string) =>
  new AppError(409, 'conversation_taken', 'staff.operator.errors.conversation_taken', { name }, 'conversation');
const notWaiting = () => new AppError(409, 'conversation_not_waiting', 'staff.operator.errors.not_waiting', {}, 'conversation');

/** Since when a claim last seen then has lapsed. */
export const lapsedBefore = (now: Date, idleMinutes: number) => new Date(now.getTime() - idleMinutes * MINUTE_MS);

export function toClaim(row: ClaimRow & { staffName: string | null }, viewerStaffId: number, idleMinutes: number): TOperatorClaim {
  return {
    conversation_id: row.conversationId,
    staff_id: row.staffId,
    staff_name: row.staffName ?? '',
    mine: row.staffId === viewerStaffId,
    expires_at: new Date(row.lastSeenAt.getTime() + idleMinutes * MINUTE_MS).toISOString(),
  };
}

/** The claims of these conversations with their holders' names (lapsed ones included: the caller decides). */
export async function claimsOf(
  db: Reader,
  conversationIds: readonly number[],
): Promise<Map<number, ClaimRow & { staffName: string | null }>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({
      conversationId: operatorClaims.conversationId,
      staffId: operatorClaims.staffId,
      claimedAt: operatorClaims.claimedAt,
      lastSeenAt: operatorClaims.lastSeenAt,
      staffName: staffNameOf(operatorClaims.staffId),
    })
    .from(operatorClaims)
    .where(inArray(operatorClaims.conversationId, [...conversationIds]));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/** The conversation's claim as the viewer sees it: null when there is none or it has lapsed. */
export async function currentClaim(
  db: Reader,
  conversationId: number,
  viewerStaffId: number,
  idleMinutes: number,
  now: Date,
): Promise<TOperatorClaim | null> {
  const row = (await claimsOf(db, [conversationId])).get(conversationId);
  if (!row || row.lastSeenAt < lapsedBefore(now, idleMinutes)) return null;
  return toClaim(row, viewerStaffId, idleMinutes);
}

/** Only a conversation that waits, or was answered within CLAIMABLE_AFTER_ANSWER_MS, may be claimed. */
async function claimable(db: Reader, conversation: OperatorConversationRow, now: Date): Promise<boolean> {
  if (conversation.waitingSince) return true;
  const [recent] = await db
    .select({ id: operatorAnswers.id })
    .from(operatorAnswers)
    .where(
      and(
        eq(operatorAnswers.conversationId, conversation.id),
        gte(operatorAnswers.answeredAt, new Date(now.getTime() - CLAIMABLE_AFTER_ANSWER_MS)),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/**
 * Takes the claim (or renews one's own) in one statement: the conflict update runs only when the
 * row is the caller's or has lapsed, and RETURNING answers nothing otherwise. 409
 * conversation_taken names the holder.
 */
export async function claimConversation(
  db: Database,
  conversation: OperatorConversationRow,
  staff: { id: number; name: string },
  idleMinutes: number,
  now: Date,
): Promise<TOperatorClaim> {
  if (!(await claimable(db, conversation, now))) throw notWaiting();
  const cutoff = lapsedBefore(now, idleMinutes).toISOString();
  const [row] = await db
    .insert(operatorClaims)
    .values({ conversationId: conversation.id, staffId: staff.id, claimedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: operatorClaims.conversationId,
      set: {
        staffId: sql.raw('excluded.staff_id'),
        lastSeenAt: sql.raw('excluded.last_seen_at'),
        claimedAt: sql.raw(
          'case when operator_claims.staff_id = excluded.staff_id then operator_claims.claimed_at else excluded.claimed_at end',
        ),
      },
      setWhere: sql`operator_claims.staff_id = excluded.staff_id or operator_claims.last_seen_at < ${cutoff}::timestamptz`,
    })
    .returning();
  if (row) return toClaim({ ...row, staffName: staff.name }, staff.id, idleMinutes);
  const holder = (await claimsOf(db, [conversation.id])).get(conversation.id);
  throw conversationTaken(holder?.staffName ?? '');
}

/** Gives one's own claim back (leaving the screen); another's claim stays. */
export async function releaseClaim(db: Database, conversationId: number, staffId: number): Promise<void> {
  await db.delete(operatorClaims).where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.staffId, staffId)));
}

/** A call of the holder on the conversation keeps the claim alive. */
export async function renewClaim(db: Database, conversationId: number, staffId: number, now: Date): Promise<void> {
  await db
    .update(operatorClaims)
    .set({ lastSeenAt: now })
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.staffId, staffId)));
}

/**
 * Inside the answer's transaction: the caller's claim, locked until the commit (the send deletes
 * it). A claim that lapsed but nobody took is still the caller's; one taken over is not.
 */
export async function lockOwnClaim(tx: Tx, conversationId: number, staffId: number): Promise<void> {
  const [row] = await tx
    .select({ staffId: operatorClaims.staffId })
    .from(operatorClaims)
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.staffId, staffId)))
    .for('update');
  if (!row) throw claimRequired();
}

export async function deleteClaim(tx: Tx, conversationId: number): Promise<void> {
  await tx.delete(operatorClaims).where(eq(operatorClaims.conversationId, conversationId));
}
