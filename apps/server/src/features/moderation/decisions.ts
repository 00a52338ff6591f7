/**
 * Moderation decisions (issue 13; trust.md, DSA art. 17). The photo queue and the report queue
 * record each decision here, in the transaction that carries it out, with its audit entry.
 * The statement of reasons to the member (what, on which ground, the facts, how to appeal) is
 * sent from here too, after the commit, so every decision gets one whichever queue took it.
 */
import type { TDecisionAction, TDecisionGround, TDecisionSource } from '@cupido/shared/contracts/staff';
import { moderationDecisions } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import { recordStaffAction } from '../audit/service';

export interface NewDecision {
  siteId: number;
  source: TDecisionSource;
  action: TDecisionAction;
  ground: TDecisionGround;
  facts: string;
  /** The member concerned; null for content of a profile without an account (fictional). */
  userId: number | null;
  profileId: number | null;
  reportId?: number | null;
  photoId?: number | null;
  messageId?: number | null;
  /** Only with action 'suspend'. */
  suspendedUntil?: Date | null;
  decidedByStaffId: number;
}

/** Stores the decision and its audit entry; answers the decision's id. */
export async function recordModerationDecision(tx: Tx, decision: NewDecision, now: Date): Promise<number> {
  const [row] = await tx
    .insert(moderationDecisions)
    .values({ ...decision, suspendedUntil: decision.suspendedUntil ?? null, createdAt: now })
    .returning({ id: moderationDecisions.id });
  const id = row!.id;
  await recordStaffAction(
    tx,
    {
      staffId: decision.decidedByStaffId,
      action: `decision.${decision.action}`,
      itemType: 'decision',
      itemId: id,
      siteId: decision.siteId,
      after: { ...decision, suspendedUntil: decision.suspendedUntil?.toISOString() ?? null },
    },
    now,
  );
  return id;
}
