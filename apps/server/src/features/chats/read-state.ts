/**
 * The member's side of a conversation: how far their app received (delivered) and they read it,
 * what they removed (DELETE /api/chat.php), and the typing signal. Positions only grow and never
 * pass the conversation's last message. Each change is stored first, then told: the partner's
 * tabs get a receipt (their messages' states), the member's own tabs the new badge count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { conversationMembers, conversations } from '../../db/schema';
import { cardsByIdsQuery } from '../profiles/search-read-model';
import { conversationNotFound, type ChatDeps, type ChatMember, type ChatSite } from './context';
import { publishCounts, publishReceipt, publishRemoved, publishTyping } from './live-frames';
import { conversationOfMember, partnerOf } from './store';

type Progress = 'delivered' | 'read';

/** Whether the profile is fictional (no app: no frames go to it). */
async function isFictional(deps: Pick<ChatDeps, 'db'>, profileId: number): Promise<boolean> {
  const [card] = await cardsByIdsQuery(deps.db, [profileId]);
  return card?.isFictional ?? false;
}

/**
 * Moves the member's delivered (and, for 'read', read) position to `upTo`, bounded by the last
 * message; answers the new positions and the partner, or null when the conversation is not theirs.
 */
async function advance(deps: Pick<ChatDeps, 'db'>, member: ChatMember, conversationId: number, upTo: number, progress: Progress) {
  const bounded = sql`least(${upTo}::bigint, ${conversations.lastMessageId})`;
  const [row] = await deps.db
    .update(conversationMembers)
    .set({
      deliveredUpTo: sql`greatest(${conversationMembers.deliveredUpTo}, ${bounded})`,
      ...(progress === 'read' ? { readUpTo: sql`greatest(${conversationMembers.readUpTo}, ${bounded})` } : {}),
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationMembers.conversationId),
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.profileId, member.profileId),
        eq(conversationMembers.hidden, false),
      ),
    )
    .returning({
      deliveredUpTo: conversationMembers.deliveredUpTo,
      readUpTo: conversationMembers.readUpTo,
      low: conversations.lowProfileId,
      high: conversations.highProfileId,
    });
  if (!row) return null;
  return {
    deliveredUpTo: Number(row.deliveredUpTo),
    readUpTo: Number(row.readUpTo),
    partnerProfileId: partnerOf({ lowProfileId: row.low, highProfileId: row.high }, member.profileId),
  };
}

/**
 * POST /api/chat-read.php and the live 'read' frame: the member saw the conversation up to a
 * message (their unread count drops to what follows it). The partner's tabs get the receipt,
 * the member's other tabs the badge count.
 */
export async function markRead(
  deps: ChatDeps,
  site: Pick<ChatSite, 'chatHistoryDays'>,
  member: ChatMember,
  conversationId: number,
  upTo: number,
): Promise<void> {
  const moved = await advance(deps, member, conversationId, upTo, 'read');
  if (!moved) throw conversationNotFound();
  const partner = { profileId: moved.partnerProfileId, fictional: await isFictional(deps, moved.partnerProfileId) };
  await Promise.all([
    publishReceipt(deps, partner, { conversation: conversationId, ...moved }),
    publishCounts(deps, site, member.profileId),
  ]);
}

/** The live 'delivered' frame: the member's app received the conversation up to a message. */
export async function markDelivered(deps: ChatDeps, member: ChatMember, conversationId: number, upTo: number): Promise<void> {
  const moved = await advance(deps, member, conversationId, upTo, 'delivered');
  if (!moved) return;
  const partner = { profileId: moved.partnerProfileId, fictional: await isFictional(deps, moved.partnerProfileId) };
  await publishReceipt(deps, partner, { conversation: conversationId, ...moved });
}

/**
 * DELETE /api/chat.php (spec section 7): removes the conversation for the member only (every
 * message up to the last); the partner keeps it, and a newer message brings it back.
 */
export async function removeConversation(
  deps: ChatDeps,
  site: Pick<ChatSite, 'chatHistoryDays'>,
  member: ChatMember,
  conversationId: number,
): Promise<void> {
  const [row] = await deps.db
    .update(conversationMembers)
    .set({ removedUpTo: sql`${conversations.lastMessageId}` })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationMembers.conversationId),
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.profileId, member.profileId),
        eq(conversationMembers.hidden, false),
      ),
    )
    .returning({ removedUpTo: conversationMembers.removedUpTo });
  if (!row) throw conversationNotFound();
  await publishRemoved(deps, [member.profileId], conversationId);
  await publishCounts(deps, site, member.profileId);
}

/** The live 'typing' frame: told to the partner when the member is in the conversation and the partner is a real member. */
export async function relayTyping(deps: ChatDeps, member: ChatMember, conversationId: number): Promise<void> {
  const mc = await conversationOfMember(deps.db, conversationId, member.profileId);
  if (!mc || mc.partner.hidden || (await isFictional(deps, mc.partnerProfileId))) return;
  await publishTyping(deps, mc.partnerProfileId, conversationId, member.profileId);
}
