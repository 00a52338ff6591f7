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
import { MESSAGE_BURST_PER_MINUTE, graphemeLength, type MessageKind } from '@cupido/shared/rules/chats';
import { type GiftCode } from '@cupido/shared/rules/gifts';
import { type TSendMessageAnswer } from '@cupido/shared/contracts/chats';
import type { TCreditKind } from '@cupido/shared/contracts/credits';
import { conversationMembers, conversations, messages } from '../../db/schema';
import { AppError } from '../../errors';
import type { DomainEvents, Tx } from '../../infra/domain-events';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { authenticationRequired } from '../../plugins/session';
import { lockMemberAccount } from '../accounts/member-lock';
import { changeCredits, readBalance } from '../credits/service';
import type { ExistingContactSources } from '../profiles/contact';
import { cannotMessageSelf, profileNotFound, type ChatDeps, type ChatMember, type ChatSite } from './context';
import { toChatMessage, type PartnerProgress, type SentMessage } from './message-view';
import { mayStartAnother, refusalFor, sendBlockedReason, sendPartnerFacts, type SendPartnerFacts } from './partner';
import { lockConversationForSend, messageById, partnerOf, startConversation, type MessageRow } from './store';
import { publishNewMessage } from './live-frames';

const MINUTE_MS = 60_000;

/** What a message carries: a text, a gift of the catalogue, or a stored image (image-*.ts). */
export type MessageContent =
  { kind: 'text'; text: string } | { kind: 'gift'; gift: GiftCode } | { kind: 'image'; imageKey: string; width: number; height: number };

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
  // The partner's facts are read meanwhile, before the transaction (decision 058): they take no
  // lock, and a block made while the send runs would race it inside the transaction just the same.
  const [burst, partner] = await Promise.all([
    deps.limiter.hit(`message:${member.userId}`, MESSAGE_BURST_PER_MINUTE, MINUTE_MS),
    sendPartnerFacts(deps.db, deps.contactSources, member, input.profileId),
  ]);
  if (!burst.allowed) throw new AppError(429, 'too_many_messages', 'errors.too_many_messages');
  const content = checkedContent(site, input.content);
  const events = deps.events;
  const checked = { ...input, content };
  const sent = events
    ? await events.transaction(deps.db, (tx) => sendInTx(tx, deps.contactSources, site, member, checked, deps.clock(), events, { partner }))
    : await deps.db.transaction((tx) => sendInTx(tx, deps.contactSources, site, member, checked, deps.clock(), undefined, { partner }));
  if (!sent.replayed) await publishNewMessage(deps, site, sent);
  return { message: toChatMessage(sent.message, member.profileId, sent.partner), credits: sent.balance };
}

/**
 * The send inside the caller's transaction (the signup message runs in the activation's). The
 * content must have been checked (checkedContent). Throws the refusal, rolling everything back:
 * 402 insufficient_credits leaves nothing written. `sources`: the app's existing-contact sources
 * (ChatDeps.contactSources). `read.partner`: the partner's facts read before the transaction
 * (sendMessage); without it they are read here.
 *
 * Five statements when the conversation exists (issue 32's chat bench: each one is a round trip
 * during which the account and conversation locks are held): the account lock; the conversation's
 * lock and the stored message of the client id; the message with the conversation's last
 * message, the draft and the partner's progress; the ledger's change.
 */
export async function sendInTx(
  tx: Tx,
  sources: ExistingContactSources,
  site: ChatSite,
  member: ChatMember,
  input: SendInput,
  now: Date,
  events?: DomainEvents,
  read?: { partner: SendPartnerFacts | null },
): Promise<SentMessage> {
  const db = tx as unknown as Database;
  // Every send of the member waits here for the one before, in every server process.
  const standing = await lockMemberAccount(tx, member.userId);
  if (!standing || standing.profileId !== member.profileId) throw authenticationRequired();

  const locked = await lockConversationForSend(tx, {
    senderProfileId: member.profileId,
    partnerProfileId: input.profileId,
    clientId: input.clientId,
  });
  if (locked.storedMessageId !== null) {
    const stored = await messageById(tx, locked.storedMessageId);
    if (stored) return replayOf(tx, sources, member, stored);
  }

  const partner = read ? read.partner : await sendPartnerFacts(db, sources, member, input.profileId);
  if (!partner) throw profileNotFound();
  const hasConversation = locked.conversationId !== null;
  const mayStart = hasConversation || (await mayStartAnother(db, member.profileId, standing.paidUser));
  const reason = sendBlockedReason(partner, hasConversation, mayStart);
  if (reason) throw refusalFor(reason, partner, hasConversation);

  const conversationId =
    locked.conversationId ??
    (await startConversation(tx, { siteId: site.id, starter: member.profileId, partner: input.profileId, now })).id;
  const price = priceOf(site, input.content.kind);
  const message: Omit<MessageRow, 'id'> = {
    conversationId,
    senderProfileId: member.profileId,
    kind: input.content.kind,
    body: input.content.kind === 'text' ? input.content.text : null,
    gift: input.content.kind === 'gift' ? input.content.gift : null,
    imageKey: input.content.kind === 'image' ? input.content.imageKey : null,
    imageWidth: input.content.kind === 'image' ? input.content.width : null,
    imageHeight: input.content.kind === 'image' ? input.content.height : null,
    clientId: input.clientId,
    credits: price,
    staffUserId: null,
    createdAt: now,
  };
  const posted = await postMessage(tx, message, { partnerProfileId: input.profileId, awaitingStaff: partner.fictional });
  const stored: MessageRow = { id: posted.id, ...message };
  let balance: number | null = null;
  if (price > 0) {
    const entry = await changeCredits(
      tx,
      {
        userId: member.userId,
        amount: -price,
        kind: CREDIT_KIND[input.content.kind],
        idempotencyKey: `message:${input.clientId ?? `id:${stored.id}`}`,
        reference: `message:${stored.id}`,
        now,
      },
      // lockMemberAccount above holds this member's account row.
      { accountLocked: true },
    );
    balance = entry.balanceAfter;
  }

  if (partner.fictional && input.content.kind === 'text' && events) {
    // The operator console reads the text for vulnerability signals, in this transaction (issue 15).
    await events.publish(tx, {
      type: 'chat.message_to_fictional_profile',
      siteId: site.id,
      conversationId,
      messageId: stored.id,
      memberProfileId: member.profileId,
      fictionalProfileId: input.profileId,
      text: input.content.text,
    });
  }
  return {
    message: stored,
    conversationId,
    partnerProfileId: input.profileId,
    partner: { deliveredUpTo: posted.deliveredUpTo, readUpTo: posted.readUpTo, fictional: partner.fictional },
    balance: balance ?? (await readBalance(tx, member.userId)),
    replayed: false,
  };
}

/** The stored message of a repeated client id, as sending it answered. */
async function replayOf(tx: Tx, sources: ExistingContactSources, member: ChatMember, stored: MessageRow): Promise<SentMessage> {
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, stored.conversationId));
  if (!conversation) throw profileNotFound();
  const partnerProfileId = partnerOf(conversation, member.profileId);
  const partner = await sendPartnerFacts(tx as unknown as Database, sources, member, partnerProfileId);
  return {
    message: stored,
    conversationId: conversation.id,
    partnerProfileId,
    partner: await progressOf(tx, conversation.id, partnerProfileId, partner?.fictional ?? false),
    balance: await readBalance(tx, member.userId),
    replayed: true,
  };
}

const postMessageStatement = preparedStatement<
  {
    conversationId: number;
    senderProfileId: number;
    partnerProfileId: number;
    kind: MessageKind;
    body: string | null;
    gift: string | null;
    imageKey: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
    clientId: string | null;
    credits: number;
    createdAt: Date;
    awaitingStaff: boolean;
  },
  { id: string | number; delivered_up_to: string | number | null; read_up_to: string | number | null }
>(
  (p) =>
    sql`with inserted as (
      insert into ${messages} (conversation_id, sender_profile_id, kind, body, gift, image_key, image_width, image_height, client_id, credits, created_at)
      values (${p.conversationId}::int, ${p.senderProfileId}::int, ${p.kind}::text, ${p.body}::text, ${p.gift}::text, ${p.imageKey}::text,
        ${p.imageWidth}::int, ${p.imageHeight}::int, ${p.clientId}::text, ${p.credits}::int, ${p.createdAt}::timestamptz)
      returning id
    ), conversation as (
      update ${conversations} set last_message_id = (select id from inserted), last_message_at = ${p.createdAt}::timestamptz,
        awaiting_staff_since = case when ${p.awaitingStaff}::boolean then coalesce(awaiting_staff_since, ${p.createdAt}::timestamptz) else awaiting_staff_since end
      where id = ${p.conversationId}::int
    ), cleared as (
      update ${conversationMembers} set draft = null
      where conversation_id = ${p.conversationId}::int and profile_id = ${p.senderProfileId}::int and draft is not null
    )
    select (select id from inserted) as id, partner.delivered_up_to, partner.read_up_to
    from (select 1) as one
    left join ${conversationMembers} as partner on partner.conversation_id = ${p.conversationId}::int and partner.profile_id = ${p.partnerProfileId}::int`,
);

/**
 * The message stored, in one statement (issue 32's chat bench): the message; the conversation's
 * last message (and, to a fictional profile, since when it waits for staff: the oldest
 * unanswered one waits longest); what waited in the sender's box cleared (a signup message the
 * credits did not cover has been sent now); and how far the partner's app got. The caller holds
 * the conversation's row lock, so message ids grow in commit order within the conversation.
 */
async function postMessage(
  tx: Tx,
  message: Omit<MessageRow, 'id'>,
  options: { partnerProfileId: number; awaitingStaff: boolean },
): Promise<{ id: number; deliveredUpTo: number; readUpTo: number }> {
  const [row] = await postMessageStatement(tx as unknown as Database, {
    conversationId: message.conversationId,
    senderProfileId: message.senderProfileId,
    partnerProfileId: options.partnerProfileId,
    kind: message.kind,
    body: message.body,
    gift: message.gift,
    imageKey: message.imageKey,
    imageWidth: message.imageWidth,
    imageHeight: message.imageHeight,
    clientId: message.clientId,
    credits: message.credits,
    createdAt: message.createdAt,
    awaitingStaff: options.awaitingStaff,
  });
  if (!row) throw new Error(`the message to conversation ${message.conversationId} was not stored`);
  return { id: Number(row.id), deliveredUpTo: Number(row.delivered_up_to ?? 0), readUpTo: Number(row.read_up_to ?? 0) };
}

/** How far the partner's app received and read the conversation. */
export async function progressOf(
  db: Pick<Database, 'select'>,
  conversationId: number,
  partnerProfileId: number,
  fictional: boolean,
): Promise<PartnerProgress> {
  const [side] = await db
    .select({ deliveredUpTo: conversationMembers.deliveredUpTo, readUpTo: conversationMembers.readUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, partnerProfileId)));
  return { deliveredUpTo: side?.deliveredUpTo ?? 0, readUpTo: side?.readUpTo ?? 0, fictional };
}
