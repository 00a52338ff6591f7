/**
 * What the operator console (issue 15) reads and writes of chats: the queue of conversations
 * waiting for a fictional profile's answer, one conversation with its messages, and the staff's
 * answer as the fictional profile (credit free), stored in the console's transaction with the
 * conversation leaving the queue, then told to the member's open tabs. Chats owns the tables
 * (decision 021); the console composes its own rows (claims, answers) in the same transaction.
 */
import { and, asc, desc, eq, gt, isNotNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { conversations, messages } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tx } from '../../infra/domain-events';
import { isSafePhotoKey, type PhotoStorage } from '../../infra/photo-storage';
import { isFictionalProfile } from '../profiles/for-operator-console';
import { targetProfile, type ExistingContactSources } from '../profiles/contact';
import type { ChatDeps, ChatMember, ChatSite } from './context';
import { chatImageFiles, type ChatImageSize } from './image-messages';
import { publishCounts } from './live-frames';
import { toChatMessage } from './message-view';
import { partnerFacts } from './partner';
import { messageByClientId, type MessageRow } from './store';

type Reader = Pick<Database, 'select'>;

const fictionalLow = isFictionalProfile(conversations.lowProfileId);
const fictionalSide = sql<number>`(case when ${fictionalLow} then ${conversations.lowProfileId} else ${conversations.highProfileId} end)`;
const memberSide = sql<number>`(case when ${fictionalLow} then ${conversations.highProfileId} else ${conversations.lowProfileId} end)`;

/**
 * SQL: the fictional side of the conversation `conversationId` (a column), or null when neither
 * side is fictional: one primary-key probe (the console's "who is being answered now", issue 28).
 */
export function fictionalSideOf(conversationId: SQLWrapper): SQL<number | null> {
  return sql<number | null>`(select ${fictionalSide} from ${conversations}
    where ${and(eq(conversations.id, conversationId), or(fictionalLow, isFictionalProfile(conversations.highProfileId)))})`;
}

/*
 * The queue leans on two facts chats keeps: awaiting_staff_since is only ever set on a
 * conversation with a fictional profile (send.ts, when the partner is fictional), and a fictional
 * profile never starts one (no call writes as one first), so its member is the starter. The
 * queue's queries then read the conversations' index alone, with no probe of profiles per row.
 */
const queueMember = sql<number>`${conversations.startedByProfileId}`;
const queueFictional = sql<number>`(case when ${conversations.lowProfileId} = ${conversations.startedByProfileId} then ${conversations.highProfileId} else ${conversations.lowProfileId} end)`;

export interface WaitingFilter {
  siteId?: number;
  /** A condition on the member's profile id (the console's language filter). */
  member?: (memberProfileId: SQL<number>) => SQL;
}

function waitingWhere(filter: WaitingFilter): SQL | undefined {
  return and(
    isNotNull(conversations.awaitingStaffSince),
    filter.siteId === undefined ? undefined : eq(conversations.siteId, filter.siteId),
    filter.member?.(queueMember),
  );
}

export interface WaitingRow {
  id: number;
  siteId: number;
  waitingSince: Date;
  fictionalProfileId: number;
  memberProfileId: number;
  /** The start of the member's last message when it is a text. */
  preview: string | null;
}

/**
 * One page of waiting conversations, oldest first, after the keyset cursor: one query (the
 * site's (site_id, awaiting_staff_since, id) index or the global partial index, in order).
 */
export async function waitingPage(
  db: Reader,
  filter: WaitingFilter,
  after: { since: Date; id: number } | null,
  limit: number,
  previewLength: number,
): Promise<WaitingRow[]> {
  const lastOfMember = sql<
    string | null
  >`(select case when ${messages.kind} = 'text' then left(${messages.body}, ${previewLength}) end from ${messages}
    where ${and(eq(messages.conversationId, conversations.id), eq(messages.senderProfileId, conversations.startedByProfileId))} order by ${messages.id} desc limit 1)`;
  const rows = await db
    .select({
      id: conversations.id,
      siteId: conversations.siteId,
      waitingSince: conversations.awaitingStaffSince,
      fictionalProfileId: queueFictional,
      memberProfileId: queueMember,
      preview: lastOfMember,
    })
    .from(conversations)
    .where(
      and(
        waitingWhere(filter),
        after
          ? sql`(${conversations.awaitingStaffSince}, ${conversations.id}) > (${after.since.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(conversations.awaitingStaffSince), asc(conversations.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    waitingSince: row.waitingSince!,
    fictionalProfileId: Number(row.fictionalProfileId),
    memberProfileId: Number(row.memberProfileId),
  }));
}

/** How many conversations wait under the filter, and since when the oldest. */
export async function waitingTotal(db: Reader, filter: WaitingFilter): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${conversations.awaitingStaffSince})` })
    .from(conversations)
    .where(waitingWhere(filter));
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export interface OperatorConversationRow {
  id: number;
  siteId: number;
  waitingSince: Date | null;
  fictionalProfileId: number;
  memberProfileId: number;
}

/** The conversation with its fictional and member side; null when none or no side is a fictional profile. */
export async function fictionalConversation(db: Reader, conversationId: number, lock = false): Promise<OperatorConversationRow | null> {
  const query = db
    .select({
      id: conversations.id,
      siteId: conversations.siteId,
      waitingSince: conversations.awaitingStaffSince,
      fictionalProfileId: fictionalSide,
      memberProfileId: memberSide,
    })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), or(fictionalLow, isFictionalProfile(conversations.highProfileId))));
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  return row ? { ...row, fictionalProfileId: Number(row.fictionalProfileId), memberProfileId: Number(row.memberProfileId) } : null;
}

/** The newest `limit` messages of the conversation, oldest first (with the staff who wrote fictional ones). */
export async function newestMessages(db: Reader, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.id)).limit(limit);
  return rows.reverse();
}

/**
 * One size of an image message of this conversation, for the staff answering it (issue 29: the
 * operator sees the photo a member paid to send, as the member's partner would). Null when the
 * message is not an image of this conversation (a removed message has no row) or its file is gone.
 * Members read images only through GET /api/chat-image.php, which checks their membership.
 */
export async function conversationImage(
  deps: { db: Reader; chatImages: PhotoStorage },
  conversationId: number,
  messageId: number,
  size: ChatImageSize,
): Promise<Buffer | null> {
  const [row] = await deps.db
    .select({ imageKey: messages.imageKey })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId), eq(messages.kind, 'image')))
    .limit(1);
  const file = row?.imageKey ? chatImageFiles(row.imageKey)[size] : null;
  if (!file || !isSafePhotoKey(file)) return null;
  return deps.chatImages.get(file);
}

/** The member's texts after the fictional profile's last message (the is-this-real check reads them). */
export async function memberTextsSinceReply(db: Reader, conversation: OperatorConversationRow): Promise<string[]> {
  const lastReply = sql`coalesce((select max(${messages.id}) from ${messages} where ${and(eq(messages.conversationId, conversation.id), eq(messages.senderProfileId, conversation.fictionalProfileId))}), 0)`;
  const rows = await db
    .select({ body: messages.body })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        ne(messages.senderProfileId, conversation.fictionalProfileId),
        eq(messages.kind, 'text'),
        gt(messages.id, lastReply),
      ),
    )
    .orderBy(asc(messages.id));
  return rows.map((row) => row.body ?? '');
}

/** The fictional profile's message sent before with this client id (a retry of the console). */
export const staffMessageByClientId = (db: Reader, fictionalProfileId: number, clientId: string) =>
  messageByClientId(db, fictionalProfileId, clientId);

/**
 * Why staff may not answer the member now, or null: the chat rules hold for staff too (a block
 * either way, the member's account gone or waiting for deletion).
 */
export async function staffSendRefusal(
  db: Database,
  sources: ExistingContactSources,
  member: ChatMember,
  fictionalProfileId: number,
): Promise<AppError | null> {
  const target = await targetProfile(db, member.siteId, member.profileId);
  if (!target || target.status !== 'active' || !target.accountUsable)
    return new AppError(409, 'member_gone', 'staff.operator.errors.member_gone');
  const partner = await partnerFacts(db, sources, member, fictionalProfileId);
  if (!partner) return new AppError(404, 'conversation_not_found', 'staff.operator.errors.conversation_not_found');
  if (partner.facts.blockedByViewer || partner.facts.blockedByTarget)
    return new AppError(409, 'chat_blocked', 'staff.operator.errors.chat_blocked');
  return null;
}

export interface StaffMessageInput {
  conversationId: number;
  fictionalProfileId: number;
  staffId: number;
  text: string;
  clientId: string;
  now: Date;
}

/**
 * Stores the staff's answer as the fictional profile inside the caller's transaction: credit free,
 * with the staff id; the conversation's last message moves and it leaves the queue. Answers the
 * message and the waiting time it cleared (null: it was not waiting). The conversation row is
 * locked first, so message ids keep growing in commit order (as members' sends do).
 */
export async function storeStaffMessage(tx: Tx, input: StaffMessageInput): Promise<{ message: MessageRow; waitedSince: Date | null }> {
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, input.conversationId)).for('update');
  if (!conversation) throw new AppError(404, 'conversation_not_found', 'staff.operator.errors.conversation_not_found');
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderProfileId: input.fictionalProfileId,
      kind: 'text',
      body: input.text,
      clientId: input.clientId,
      credits: 0,
      staffUserId: input.staffId,
      createdAt: input.now,
    })
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessageId: message!.id, lastMessageAt: input.now, awaitingStaffSince: null })
    .where(eq(conversations.id, input.conversationId));
  return { message: message!, waitedSince: conversation.awaitingStaffSince };
}

/** After the commit: the staff's answer reaches the member's open tabs at once, with their new badge count. */
export async function publishStaffMessage(
  deps: ChatDeps,
  site: Pick<ChatSite, 'chatHistoryDays'>,
  message: MessageRow,
  memberProfileId: number,
): Promise<void> {
  try {
    await deps.live.sendTo([memberProfileId], {
      type: 'message',
      message: toChatMessage(message, memberProfileId, { deliveredUpTo: 0, readUpTo: 0, fictional: false }),
    });
    await publishCounts(deps, site, memberProfileId);
  } catch (err) {
    // The message is stored; the member's app finds it on its next resync.
    deps.log.warn({ err }, 'chats: the live frame of a staff message could not be published');
  }
}
