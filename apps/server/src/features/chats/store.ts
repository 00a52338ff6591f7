/**
 * The chats feature's rows (conversations, conversation_members, messages; migration 0009): the
 * small reads and writes the calls share. A conversation joins two profiles once (low/high id
 * pair, unique); each side has its member row with how far that member received, read and
 * removed it. Message ids only grow within a conversation: a send holds the conversation's row
 * lock while its message gets its id.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { conversationMembers, conversations, messages } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import type { Viewer } from '../profiles/contact';

export type Reader = Pick<Database, 'select'>;
export type ConversationRow = typeof conversations.$inferSelect;
export type MemberSideRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The two profile ids of a conversation in the order the table keeps them. */
export function pairOf(a: number, b: number): { low: number; high: number } {
  return a < b ? { low: a, high: b } : { low: b, high: a };
}

export function partnerOf(conversation: Pick<ConversationRow, 'lowProfileId' | 'highProfileId'>, profileId: number): number {
  return conversation.lowProfileId === profileId ? conversation.highProfileId : conversation.lowProfileId;
}

function pairCondition(a: number, b: number) {
  const { low, high } = pairOf(a, b);
  return and(eq(conversations.lowProfileId, low), eq(conversations.highProfileId, high));
}

/** The conversation between two profiles, if any; `lock` holds its row until the transaction ends. */
export async function conversationBetween(db: Reader, a: number, b: number, lock = false): Promise<ConversationRow | null> {
  const query = db.select().from(conversations).where(pairCondition(a, b));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const sendLocksStatement = preparedStatement<
  { low: number; high: number; senderProfileId: number; clientId: string | null },
  { conversation_id: number | null; stored_message_id: string | number | null }
>(
  (p) =>
    sql`with locked as (
      select id from ${conversations} where low_profile_id = ${p.low} and high_profile_id = ${p.high} for update
    )
    select (select id from locked) as conversation_id,
      (select id from ${messages} where sender_profile_id = ${p.senderProfileId} and client_id = ${p.clientId}::text) as stored_message_id`,
);

/**
 * A send's second statement, under the sender's account lock (issue 32: one round trip where
 * there were two): the id of the conversation between the two, its row locked until the
 * transaction ends (null: none yet), and the id of the sender's message stored with this client
 * id (null: none, or no client id). The statement starts after the account lock was granted, so
 * it sees every earlier send of the member committed.
 */
export async function lockConversationForSend(
  tx: Tx,
  input: { senderProfileId: number; partnerProfileId: number; clientId: string | null },
): Promise<{ conversationId: number | null; storedMessageId: number | null }> {
  const { low, high } = pairOf(input.senderProfileId, input.partnerProfileId);
  const [row] = await sendLocksStatement(tx as unknown as Database, {
    low,
    high,
    senderProfileId: input.senderProfileId,
    clientId: input.clientId,
  });
  return {
    conversationId: row?.conversation_id ?? null,
    storedMessageId: row?.stored_message_id == null ? null : Number(row.stored_message_id),
  };
}

/** One message by its id. */
export async function messageById(db: Reader, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ?? null;
}

/**
 * Starts the conversation between the two (or, when a parallel send started it a moment ago,
 * takes that one) with both member rows, and holds its row lock. The insert waits for a
 * concurrent insert of the same pair to commit, then finds its row.
 */
export async function startConversation(
  tx: Tx,
  input: { siteId: number; starter: number; partner: number; now: Date },
): Promise<ConversationRow> {
  const { low, high } = pairOf(input.starter, input.partner);
  const [inserted] = await tx
    .insert(conversations)
    .values({ siteId: input.siteId, lowProfileId: low, highProfileId: high, startedByProfileId: input.starter, createdAt: input.now })
    .onConflictDoNothing()
    .returning();
  const conversation = inserted ?? (await conversationBetween(tx, low, high, true));
  if (!conversation) throw new Error(`conversation ${low}-${high} vanished while it was started`);
  await tx
    .insert(conversationMembers)
    .values([
      { conversationId: conversation.id, profileId: low },
      { conversationId: conversation.id, profileId: high },
    ])
    .onConflictDoNothing();
  return conversation;
}

/** Conversations the profile started (the free members' limit counts them). */
export async function startedCount(db: Reader, profileId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.startedByProfileId, profileId));
  return row?.count ?? 0;
}

export interface MembersConversation {
  conversation: ConversationRow;
  mine: MemberSideRow;
  partner: MemberSideRow;
  partnerProfileId: number;
}

/** A conversation of the member's with both sides; null when it is not theirs (or hidden for them). */
export async function conversationOfMember(db: Reader, conversationId: number, profileId: number): Promise<MembersConversation | null> {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.id, conversationId), or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId))),
    );
  if (!conversation) return null;
  const sides = await db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));
  const mine = sides.find((side) => side.profileId === profileId);
  const partnerProfileId = partnerOf(conversation, profileId);
  const partner = sides.find((side) => side.profileId === partnerProfileId);
  if (!mine || !partner || mine.hidden) return null;
  return { conversation, mine, partner, partnerProfileId };
}

/** The stored message the sender's app sent with this id before, if any. */
export async function messageByClientId(db: Reader, senderProfileId: number, clientId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderProfileId, senderProfileId), eq(messages.clientId, clientId)));
  return row ?? null;
}

/**
 * Whether a conversation joins the two: they are partners, so an invisible member stays visible
 * and reachable for the other (profiles/contact.ts; registered by chats' module.ts).
 */
export async function conversationExistsBetween(db: Database, viewer: Viewer, targetProfileId: number): Promise<boolean> {
  if (viewer.profileId === targetProfileId) return false;
  return (await conversationBetween(db, viewer.profileId, targetProfileId)) !== null;
}
