/**
 * GET /api/chats.php (spec sections 3 and 7): the member's conversations, latest first, each with
 * the partner's card, the last message and how many of the partner's messages the member has not
 * read; and the unread total of the Messages badge. A conversation the member removed stays away
 * until a newer message comes (last_message_id > removed_up_to); one hidden for them (an account
 * waiting for its deletion) stays away. Messages outside the site's history window neither show
 * nor count.
 */
import { and, desc, eq, gt, gte, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { historyWindowStart } from '@cupido/shared/rules/chats';
import { type TChatItem, type TChatsAnswer } from '@cupido/shared/contracts/chats';
import type { Database } from '../../db/open';
import { executePrepared } from '../../db/prepared';
import { conversationMembers, conversations, messages } from '../../db/schema';
import type { ActivityMarks } from '../profiles/activity-port';
import { cardsByIdsQuery, toCard } from '../profiles/search-read-model';
import type { ChatSite } from './context';
import { toLastMessage } from './message-view';

const theirs = alias(conversationMembers, 'theirs');

/** SQL: the partner's messages in the conversation the member has not read (nor removed), inside the window. */
function unreadCount(memberProfileId: number | Placeholder, windowStart: Date | Placeholder) {
  return sql<number>`(select count(*) from ${messages} where ${and(
    eq(messages.conversationId, conversations.id),
    ne(messages.senderProfileId, memberProfileId),
    gt(messages.id, sql`greatest(${conversationMembers.readUpTo}, ${conversationMembers.removedUpTo})`),
    gte(messages.createdAt, windowStart),
  )})::int`;
}

/** The member's shown conversations: their own side, not hidden, with a message after what they removed. */
function shownConversations(memberProfileId: number | Placeholder) {
  return and(
    eq(conversationMembers.profileId, memberProfileId),
    eq(conversationMembers.hidden, false),
    gt(conversations.lastMessageId, conversationMembers.removedUpTo),
  );
}

/** `activity`: the partners' marks (issue 28), asked once for the whole list. */
export async function chatsOf(
  db: Database,
  site: ChatSite,
  memberProfileId: number,
  now: Date,
  activity?: ActivityMarks,
): Promise<TChatsAnswer> {
  const windowStart = historyWindowStart(now, site.chatHistoryDays);
  const rows = await db
    .select({
      id: conversations.id,
      low: conversations.lowProfileId,
      high: conversations.highProfileId,
      lastMessageId: conversations.lastMessageId,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      partnerDeliveredUpTo: theirs.deliveredUpTo,
      partnerReadUpTo: theirs.readUpTo,
      unread: unreadCount(memberProfileId, windowStart),
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(theirs, and(eq(theirs.conversationId, conversations.id), ne(theirs.profileId, memberProfileId)))
    .where(shownConversations(memberProfileId))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  if (rows.length === 0) return { chats: [], unread_total: 0 };

  const partnerId = (row: (typeof rows)[number]) => (row.low === memberProfileId ? row.high : row.low);
  const partnerIds = rows.map(partnerId);
  const [cards, lastMessages, marks] = await Promise.all([
    cardsByIdsQuery(db, partnerIds),
    db
      .select()
      .from(messages)
      .where(
        and(
          inArray(
            messages.id,
            rows.map((row) => row.lastMessageId),
          ),
          gte(messages.createdAt, windowStart),
        ),
      ),
    activity ? activity({ profileId: memberProfileId }, partnerIds) : new Map<number, never>(),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const messageById = new Map(lastMessages.map((message) => [message.id, message]));
  const chats = rows.flatMap((row): TChatItem[] => {
    const card = cardById.get(partnerId(row));
    if (!card) return [];
    const last = messageById.get(row.lastMessageId);
    const progress = { deliveredUpTo: row.partnerDeliveredUpTo, readUpTo: row.partnerReadUpTo, fictional: card.isFictional };
    const mark = marks.get(card.id);
    return [
      {
        conversation: row.id,
        profile: card.id,
        num_unread_messages: row.unread,
        partner: mark ? { ...toCard(card, site, now), activity: mark } : toCard(card, site, now),
        last_message: last ? toLastMessage(last, memberProfileId, progress) : null,
        updated_at: (row.lastMessageAt ?? row.createdAt).toISOString(),
      },
    ];
  });
  return { chats, unread_total: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) };
}

/** The Messages badge alone: unread messages of all the member's shown conversations. */
export async function unreadTotalOf(
  db: Pick<Database, 'execute'>,
  site: Pick<ChatSite, 'chatHistoryDays'>,
  memberProfileId: number,
  now: Date,
): Promise<number> {
  const [row] = await executePrepared<{ total: number }>(
    db,
    sql`select ${unreadTotalExpression(memberProfileId, historyWindowStart(now, site.chatHistoryDays))} as total`,
  );
  return row?.total ?? 0;
}

/**
 * The unread total with the member and the history window's start as values or placeholders: a
 * statement built once (preparedStatement, e.g. the badge frame sent with every message) takes the
 * placeholders and fills them per call.
 */
export function unreadTotalExpression(memberProfileId: number | Placeholder, windowStart: Date | Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${unreadCount(memberProfileId, windowStart)}), 0)::int
    from ${conversationMembers} inner join ${conversations} on ${conversations.id} = ${conversationMembers.conversationId}
    where ${shownConversations(memberProfileId)})`;
}
