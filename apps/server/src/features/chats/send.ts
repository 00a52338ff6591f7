/**
 * Sending a message (POST /api/message.php; images through image-*.ts; the signup message on
 * activation). One transaction: the member's account lock (so the free limit and the credits
 * hold for parallel requests in any number of processes), the stored message of the same client
 * id answered again without paying twice, the rules, the conversation found or started and its
 * row locked before the message gets its id (ids grow in commit order within a conversation),
 * the message, its price through the credit ledger, the conversation's last message. Only after
 * the commit are the members' open tabs told (live frames).
 */
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_BURST_PER_MINUTE, graphemeLength, type GiftCode, type MessageKind, type TSendMessageAnswer } from '@cupido/shared/chats';
import type { TCreditKind } from '@cupido/shared/credits';
import { conversationMembers, conversations, messages } from '../../db/schema';
import { AppError } from '../../errors';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import type { Database } from '../../db/open';
import { executePrepared } from '../../db/prepared';
import { authenticationRequired } from '../../plugins/session';
import { lockMemberAccount } from '../accounts/member-lock';
import { changeCredits, readBalance } from '../credits/service';
import { cannotMessageSelf, profileNotFound, type ChatDeps, type ChatMember, type ChatSite } from './context';
import { toChatMessage, type PartnerProgress, type SentMessage } from './message-view';
import { mayStartAnother, refusalFor, sendBlockedReason, sendPartnerFacts } from './partner';
import { conversationBetween, messageByClientId, partnerOf, startConversation, type MessageRow } from './store';
import { publishNewMessage } from './live-frames';

const MINUTE_MS = 60_000;

/** What a message carries: a text, a gift of the catalogue, or a stored image (image-*.ts). */
export type MessageContent =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; gift: GiftCode }
  | { kind: 'image'; imageKey: string; width: number; height: number };

export interface SendInput {
  /** The partner's profile. */
  profileId: number;
  /** The app's id of the message (a UUID); the same id again answers the stored message. Null: none (the signup message). */
  clientId: string | null;
  content: MessageContent;
}

const CREDIT_KIND: Record<MessageKind, TCreditKind> = { text: 'message', image: 'image', gift: 'gift' };

export function priceOf(site: ChatSite, kind: MessageKind): number {
  return kind === 'text' ? site.messageCredits : kind === 'image' ? site.photoCredits : site.giftCredits;
}

/** The text as stored (ends trimmed), checked against the site's message_length in graphemes. */
export function checkedContent(site: ChatSite, content: MessageContent): MessageContent {
  if (content.kind !== 'text') return content;
  const text = content.text.trim();
  if (!text) throw new AppError(400, 'message_empty', 'errors.message_empty', {}, 'text');
  if (graphemeLength(text) > site.messageLength) {
    throw new AppError(400, 'message_too_long', 'errors.message_too_long', { max: site.messageLength }, 'text');
  }
  return { kind: 'text', text };
}

/**
 * Sends a message to a profile and tells both members' tabs. Answers the stored message (the
 * same one when the client id was sent before) with the member's balance.
 *
 *   await sendMessage(deps, site, member, { profileId, clientId, content: { kind: 'image', imageKey, width, height } });
 */
export async function sendMessage(deps: ChatDeps, site: ChatSite, member: ChatMember, input: SendInput): Promise<TSendMessageAnswer> {
  if (input.profileId === member.profileId) throw cannotMessageSelf();
  // Count first (decision 022): every attempt counts, so parallel scripted sends cannot slip past.
  const burst = await deps.limiter.hit(`message:${member.userId}`, MESSAGE_BURST_PER_MINUTE, MINUTE_MS);
  if (!burst.allowed) throw new AppError(429, 'too_many_messages', 'errors.too_many_messages');
  const content = checkedContent(site, input.content);
  const events = deps.events;
  const sent = events
    ? await events.transaction(deps.db, (tx) => sendInTx(tx, site, member, { ...input, content }, deps.clock(), events))
    : await deps.db.transaction((tx) => sendInTx(tx, site, member, { ...input, content }, deps.clock()));
  if (!sent.replayed) await publishNewMessage(deps, site, sent);
  return { message: toChatMessage(sent.message, member.profileId, sent.partner), credits: sent.balance };
}

/**
 * The send inside the caller's transaction (the signup message runs in the activation's). The
 * content must have been checked (checkedContent). Throws the refusal, rolling everything back:
 * 402 insufficient_credits leaves nothing written.
 */
export async function sendInTx(tx: Tx, site: ChatSite, member: ChatMember, input: SendInput, now: Date, events?: DomainEvents): Promise<SentMessage> {
  const db = tx as unknown as Database;
  // Every send of the member waits here for the one before, in every server process.
  const standing = await lockMemberAccount(tx, member.userId);
  if (!standing || standing.profileId !== member.profileId) throw authenticationRequired();

  if (input.clientId !== null) {
    const stored = await messageByClientId(tx, member.profileId, input.clientId);
    if (stored) return replayOf(tx, member, stored);
  }

  const existing = await conversationBetween(tx, member.profileId, input.profileId, true);
  const partner = await sendPartnerFacts(db, member, input.profileId);
  if (!partner) throw profileNotFound();
  const mayStart = existing !== null || (await mayStartAnother(db, member.profileId, standing.paidUser));
  const reason = sendBlockedReason(partner, existing !== null, mayStart);
  if (reason) throw refusalFor(reason, partner, existing !== null);

  const conversation = existing ?? (await startConversation(tx, { siteId: site.id, starter: member.profileId, partner: input.profileId, now }));
  const price = priceOf(site, input.content.kind);
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderProfileId: member.profileId,
      kind: input.content.kind,
      body: input.content.kind === 'text' ? input.content.text : null,
      gift: input.content.kind === 'gift' ? input.content.gift : null,
      imageKey: input.content.kind === 'image' ? input.content.imageKey : null,
      imageWidth: input.content.kind === 'image' ? input.content.width : null,
      imageHeight: input.content.kind === 'image' ? input.content.height : null,
      clientId: input.clientId,
      credits: price,
      createdAt: now,
    })
    .returning();
  const stored = message!;
  let balance: number | null = null;
  if (price > 0) {
    const entry = await changeCredits(tx, {
      userId: member.userId,
      amount: -price,
      kind: CREDIT_KIND[input.content.kind],
      idempotencyKey: `message:${input.clientId ?? `id:${stored.id}`}`,
      reference: `message:${stored.id}`,
      now,
    });
    balance = entry.balanceAfter;
  }

  const [updated] = await tx
    .update(conversations)
    .set({
      lastMessageId: stored.id,
      lastMessageAt: now,
      // A fictional profile's messages are answered by staff (back office): the oldest unanswered one waits longest.
      ...(partner.fictional ? { awaitingStaffSince: sql`coalesce(${conversations.awaitingStaffSince}, ${now.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(conversations.id, conversation.id))
    .returning();
  if (partner.fictional && input.content.kind === 'text' && events) {
    // The operator console reads the text for vulnerability signals, in this transaction (issue 15).
    await events.publish(tx, {
      type: 'chat.message_to_fictional_profile',
      siteId: site.id,
      conversationId: conversation.id,
      messageId: stored.id,
      memberProfileId: member.profileId,
      fictionalProfileId: input.profileId,
      text: input.content.text,
    });
  }
  return {
    message: stored,
    conversation: updated!,
    partnerProfileId: input.profileId,
    partner: await clearDraftReadProgress(tx, conversation.id, member.profileId, input.profileId, partner.fictional),
    balance: balance ?? (await readBalance(tx, member.userId)),
    replayed: false,
  };
}

/** The stored message of a repeated client id, as sending it answered. */
async function replayOf(tx: Tx, member: ChatMember, stored: MessageRow): Promise<SentMessage> {
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, stored.conversationId));
  if (!conversation) throw profileNotFound();
  const partnerProfileId = partnerOf(conversation, member.profileId);
  const partner = await sendPartnerFacts(tx as unknown as Database, member, partnerProfileId);
  return {
    message: stored,
    conversation,
    partnerProfileId,
    partner: await progressOf(tx, conversation.id, partnerProfileId, partner?.fictional ?? false),
    balance: await readBalance(tx, member.userId),
    replayed: true,
  };
}

/**
 * After a send, in one statement: what waited in the sender's box (a signup message the credits
 * did not cover) has been sent now, so the draft goes; and how far the partner's app got.
 */
async function clearDraftReadProgress(tx: Tx, conversationId: number, senderProfileId: number, partnerProfileId: number, fictional: boolean): Promise<PartnerProgress> {
  const [side] = await executePrepared<{ delivered_up_to: number; read_up_to: number }>(
    tx as unknown as Database,
    sql`with cleared as (
      update ${conversationMembers} set draft = null
      where conversation_id = ${conversationId} and profile_id = ${senderProfileId} and draft is not null
    )
    select delivered_up_to, read_up_to from ${conversationMembers} where conversation_id = ${conversationId} and profile_id = ${partnerProfileId}`,
  );
  return { deliveredUpTo: side?.delivered_up_to ?? 0, readUpTo: side?.read_up_to ?? 0, fictional };
}

/** How far the partner's app received and read the conversation. */
export async function progressOf(db: Pick<Database, 'select'>, conversationId: number, partnerProfileId: number, fictional: boolean): Promise<PartnerProgress> {
  const [side] = await db
    .select({ deliveredUpTo: conversationMembers.deliveredUpTo, readUpTo: conversationMembers.readUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, partnerProfileId)));
  return { deliveredUpTo: side?.deliveredUpTo ?? 0, readUpTo: side?.readUpTo ?? 0, fictional };
}
