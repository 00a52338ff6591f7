/**
 * POST /admin/api/operator/conversations/:id/messages (issue 15): the claim holder answers as the
 * fictional profile, credit free. The guardrails first (trust.md), on the text as a reader sees it
 * (`replyRefusals` of the shared operator-guardrails-refusal.ts, which the answer screen warns with): a reply that proposes a meeting or moves the contact elsewhere is refused with the
 * rule and the part that broke it; while the member's question whether the profile is real waits,
 * only the site's honest answer (in any of its languages) may go, and a reply denying the fiction
 * never goes. Then one transaction: the message with the staff id (chats), the
 * conversation out of the queue, the answer's row for the figures, the audit entry and the claim
 * gone. After the commit the member's open tabs get the message at once.
 */
import type { TOperatorSendAnswer, TOperatorSendRequest } from '@cupido/shared/contracts/operator-console';
import { isHonestAnswer, replyRefusals } from '@cupido/shared/rules/operator-guardrails-refusal';
import type { BackOfficeDeps } from '../../back-office-deps';
import { operatorAnswers } from '../../db/schema';
import { AppError } from '../../errors';
import { recordStaffAction } from '../audit/service';
import {
  fictionalConversation,
  publishStaffMessage,
  staffMessageByClientId,
  staffSendRefusal,
  storeStaffMessage,
} from '../chats/for-operator-console';
import { checkedContent } from '../chats/send';
import type { ExistingContactSources } from '../profiles/contact';
import type { MessageRow } from '../chats/store';
import { claimRequired, claimsOf, conversationNotFound, deleteClaim, lockOwnClaim } from './claims';
import { honestAnswerDue, operatorContext, toOperatorMessage } from './conversation';

/** The back office's deps and the app's existing-contact sources (chats' partner facts read them). */
export type OperatorConsoleDeps = BackOfficeDeps & { contactSources: ExistingContactSources };

export async function sendOperatorAnswer(
  deps: OperatorConsoleDeps,
  staff: { id: number; name: string },
  conversationId: number,
  request: TOperatorSendRequest,
): Promise<TOperatorSendAnswer> {
  const { conversation, site, memberUserId } = await operatorContext(deps, conversationId);
  const answerOf = (message: MessageRow, waitingSince: Date | null): TOperatorSendAnswer => ({
    message: toOperatorMessage(message, conversation.fictionalProfileId, new Map([[staff.id, staff.name]])),
    waiting_since: waitingSince?.toISOString() ?? null,
  });
  // A retry of the same reply answers the stored message (the claim went with the first send).
  const stored = await staffMessageByClientId(deps.db, conversation.fictionalProfileId, request.client_id);
  if (stored) {
    if (stored.conversationId !== conversation.id)
      throw new AppError(409, 'client_id_reused', 'staff.operator.errors.client_id_reused', {}, 'client_id');
    const current = await fictionalConversation(deps.db, conversation.id);
    return answerOf(stored, current?.waitingSince ?? null);
  }

  // Only the holder answers (checked again, locked, in the transaction).
  if ((await claimsOf(deps.db, [conversation.id])).get(conversation.id)?.staffId !== staff.id) throw claimRequired();
  const content = checkedContent(site, { kind: 'text', text: request.text });
  const text = content.kind === 'text' ? content.text : '';
  const honestAnswers = Object.values(site.honestAnswer);
  const honest = isHonestAnswer(text, honestAnswers);
  // The guardrails as a reader sees the text, then the honest answer when due or denied (the
  // shared rules the answer screen warns with); the first reason refuses.
  const due = !honest && (await honestAnswerDue(deps.db, conversation));
  const [guardrail] = replyRefusals(text, honestAnswers, due);
  if (guardrail?.code === 'honest_answer_required') throw new AppError(409, guardrail.code, `errors.${guardrail.code}`, {}, 'text');
  if (guardrail) throw new AppError(400, guardrail.code, `errors.${guardrail.code}`, { match: guardrail.match }, 'text');
  if (memberUserId === null) throw new AppError(409, 'member_gone', 'staff.operator.errors.member_gone');
  const refusal = await staffSendRefusal(
    deps.db,
    deps.contactSources,
    { userId: memberUserId, profileId: conversation.memberProfileId, siteId: site.id },
    conversation.fictionalProfileId,
  );
  if (refusal) throw refusal;

  const now = deps.clock();
  const sent = await deps.db.transaction(async (tx) => {
    // The conversation row first (as members' sends lock it), then the claim: a parallel retry of
    // the same client id waits here and finds the stored message.
    const locked = await fictionalConversation(tx, conversation.id, true);
    if (!locked) throw conversationNotFound();
    const replay = await staffMessageByClientId(tx, conversation.fictionalProfileId, request.client_id);
    if (replay) return { message: replay, replayed: true, waitingSince: locked.waitingSince };
    await lockOwnClaim(tx, conversation.id, staff.id);
    const { message, waitedSince } = await storeStaffMessage(tx, {
      conversationId: conversation.id,
      fictionalProfileId: conversation.fictionalProfileId,
      staffId: staff.id,
      text,
      clientId: request.client_id,
      now,
    });
    if (waitedSince) {
      await tx.insert(operatorAnswers).values({
        siteId: site.id,
        conversationId: conversation.id,
        staffId: staff.id,
        messageId: message.id,
        waitedSince,
        answeredAt: now,
      });
    }
    await recordStaffAction(
      tx,
      {
        staffId: staff.id,
        action: 'operator.message',
        itemType: 'conversation',
        itemId: conversation.id,
        siteId: site.id,
        after: { message_id: message.id, staff_id: staff.id, fictional_profile_id: conversation.fictionalProfileId, honest_answer: honest },
      },
      now,
    );
    await deleteClaim(tx, conversation.id);
    return { message, replayed: false, waitingSince: null };
  });
  if (!sent.replayed) {
    // The back office's deps hold all that chats' live frames need (the hub, the sites, the log).
    await publishStaffMessage(deps, site, sent.message, conversation.memberProfileId);
  }
  return answerOf(sent.message, sent.waitingSince);
}
