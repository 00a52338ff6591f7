/**
 * What the notifications feature (issue 30) reads of chats: which members got messages in a
 * span of time, and whether they have read them since. Chats keeps its tables; notifications
 * calls these.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { preparedStatement } from '../../db/prepared';
import { executePrepared } from '../../db/prepared';
import { conversationMembers, conversations, messages } from '../../db/schema';

export interface ConversationNews {
  conversationId: number;
  recipientProfileId: number;
  senderProfileId: number;
  /** The newest message of the span from the sender. */
  lastMessageId: number;
  /** The recipient has neither read nor written anything in this conversation: it is new to them. */
  newConversation: boolean;
}

/**
 * Per conversation and recipient, the messages written in (from, until] that the recipient has
 * not read, nor hidden by a pending deletion. One statement, on the messages' created_at index.
 */
export async function unreadMessagesBetween(db: Database, from: Date, until: Date): Promise<ConversationNews[]> {
  const rows = await executePrepared<{
    conversation_id: number;
    recipient: number;
    sender: number;
    last_id: string | number;
    new_conversation: boolean;
  }>(
    db,
    sql`with news as (
        select ${messages.conversationId} as conversation_id, ${messages.senderProfileId} as sender, max(${messages.id}) as last_id
        from ${messages}
        where ${messages.createdAt} > ${from.toISOString()}::timestamptz and ${messages.createdAt} <= ${until.toISOString()}::timestamptz
        group by 1, 2
      )
      select news.conversation_id, news.sender, news.last_id,
        case when c.low_profile_id = news.sender then c.high_profile_id else c.low_profile_id end as recipient,
        side.read_up_to = 0 and not exists (
          select 1 from ${messages} mine
          where mine.conversation_id = news.conversation_id
            and mine.sender_profile_id = case when c.low_profile_id = news.sender then c.high_profile_id else c.low_profile_id end
        ) as new_conversation
      from news
      join ${conversations} c on c.id = news.conversation_id
      join ${conversationMembers} side on side.conversation_id = news.conversation_id
        and side.profile_id = case when c.low_profile_id = news.sender then c.high_profile_id else c.low_profile_id end
      where side.read_up_to < news.last_id and not side.hidden`,
  );
  return rows.map((row) => ({
    conversationId: Number(row.conversation_id),
    recipientProfileId: Number(row.recipient),
    senderProfileId: Number(row.sender),
    lastMessageId: Number(row.last_id),
    newConversation: row.new_conversation,
  }));
}

/** How far the member has read the conversation (0 when they are not in it). */
/** Asked by every notification job about a conversation: a prepared statement. */
const readUpToStatement = preparedStatement<{ conversationId: number; profileId: number }, { readUpTo: string | number }>(
  (p) =>
    sql`select ${conversationMembers.readUpTo} as "readUpTo" from ${conversationMembers}
        where ${conversationMembers.conversationId} = ${p.conversationId} and ${conversationMembers.profileId} = ${p.profileId}`,
);

export async function readUpToOf(db: Pick<Database, 'execute'>, conversationId: number, profileId: number): Promise<number> {
  const [row] = await readUpToStatement(db, { conversationId, profileId });
  return row ? Number(row.readUpTo) : 0;
}

export interface UnreadWaiting {
  recipientProfileId: number;
  /** Who wrote the newest of the waiting messages (the reminder names them). */
  senderProfileId: number;
}

/**
 * The members who have messages written in (from, until] still unread (not removed, not hidden by
 * a pending deletion), one row per recipient: the unread-message reminders (issue 30). With
 * `recipientProfileId`, only that member. On the messages' created_at index.
 */
export async function unreadWaitingBetween(db: Database, from: Date, until: Date, recipientProfileId?: number): Promise<UnreadWaiting[]> {
  const onlyRecipient = recipientProfileId === undefined ? sql`` : sql`and side.profile_id = ${recipientProfileId}`;
  const rows = await executePrepared<{ recipient: number; sender: number }>(
    db,
    sql`select side.profile_id as recipient, (array_agg(m.sender_profile_id order by m.id desc))[1] as sender
      from ${messages} m
      join ${conversationMembers} side on side.conversation_id = m.conversation_id and side.profile_id <> m.sender_profile_id
      where m.created_at > ${from.toISOString()}::timestamptz and m.created_at <= ${until.toISOString()}::timestamptz
        and m.id > side.read_up_to and m.id > side.removed_up_to and not side.hidden ${onlyRecipient}
      group by side.profile_id`,
  );
  return rows.map((row) => ({ recipientProfileId: Number(row.recipient), senderProfileId: Number(row.sender) }));
}
