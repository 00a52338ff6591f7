/**
 * The signup message (issue 12): a visitor who signed up from /members/{id}/signup with a message
 * finds it sent in that conversation once the account is activated, paid from the signup credits
 * the activation granted a moment before, in the same transaction (account.activated). When the
 * credits do not cover it, the activation still succeeds: the text waits as the member's draft
 * of that conversation, and the chat opens with it in the box. A partner the member may not
 * write to (gone, blocked) gets nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { conversationMembers } from '../../db/schema';
import { AppError } from '../../errors';
import type { EventOf, TransactionEffects, Tx } from '../../infra/domain-events';
import { readBalance } from '../credits/service';
import { siteById } from '../sites/service';
import type { ChatDeps, ChatMember } from './context';
import { publishNewMessage } from './live-frames';
import { mayStartAnother, partnerFacts, sendBlockedReason } from './partner';
import { checkedContent, priceOf, sendInTx } from './send';
import { conversationBetween, startConversation } from './store';

export async function sendSignupMessage(
  deps: ChatDeps,
  event: EventOf<'account.activated'>,
  tx: Tx,
  effects: TransactionEffects,
): Promise<void> {
  const text = event.signupMessage?.trim();
  if (!text || event.signupProfileId === null || event.profileId === null || event.signupProfileId === event.profileId) return;
  const site = await siteById(tx, event.siteId);
  if (!site) return;
  const member: ChatMember = { userId: event.userId, profileId: event.profileId, siteId: event.siteId };
  const db = tx as unknown as Database;

  const partner = await partnerFacts(db, deps.contactSources, member, event.signupProfileId);
  if (!partner) return;
  const existing = await conversationBetween(tx, member.profileId, event.signupProfileId);
  const mayStart = existing !== null || (await mayStartAnother(db, member.profileId, false));
  if (sendBlockedReason(partner, existing !== null, mayStart)) return;

  const now = deps.clock();
  let content;
  try {
    content = checkedContent(site, { kind: 'text', text });
  } catch (err) {
    // Longer than the site now allows: the member shortens it in the box.
    if (!(err instanceof AppError)) throw err;
    content = null;
  }
  // The account row is locked by the activation: the balance cannot change before the send.
  if (content && (await readBalance(tx, member.userId)) >= priceOf(site, 'text')) {
    const sent = await sendInTx(
      tx,
      deps.contactSources,
      site,
      member,
      { profileId: event.signupProfileId, clientId: null, content },
      now,
      deps.events,
    );
    effects.afterCommit(() => publishNewMessage(deps, site, sent));
    return;
  }
  const conversation =
    existing ?? (await startConversation(tx, { siteId: site.id, starter: member.profileId, partner: event.signupProfileId, now }));
  await tx
    .update(conversationMembers)
    .set({ draft: text })
    .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.profileId, member.profileId)));
}
