/**
 * What chats tells members' open tabs through the live channel (features/live, its LiveHub port),
 * always after the commit: the database holds every fact first, so a frame that never arrives
 * loses nothing (the app resyncs over HTTP). Fictional profiles have no app: no frames go to
 * them, and none pretend to come from them (no typing, no read receipts).
 */
import type { TLiveServerFrame } from '@cupido/shared/contracts/live';
import { sql } from 'drizzle-orm';
import { historyWindowStart } from '@cupido/shared/rules/chats';
import { preparedStatement } from '../../db/prepared';
import { conversationMembers, conversations } from '../../db/schema';
import { newLikesCountColumn } from '../likes/likes-lists';
import type { LiveHello } from '../live/live-hub';
import type { ChatDeps, ChatSite } from './context';
import { unreadTotalExpression } from './list';
import { toChatMessage, type SentMessage } from './message-view';

async function publish(deps: Pick<ChatDeps, 'live' | 'log'>, profileIds: readonly number[], frame: TLiveServerFrame): Promise<void> {
  if (profileIds.length === 0) return;
  try {
    await deps.live.sendTo(profileIds, frame);
  } catch (err) {
    // The fact is stored; the app finds it on its next resync.
    deps.log.warn({ err, frame: frame.type }, 'chats: a live frame could not be published');
  }
}

/**
 * The badge numbers of a member: unread messages and new likes, in one statement, run once per
 * received message; built once with placeholders, so a message does not assemble its text again.
 */
const countsStatement = preparedStatement<{ profileId: number; windowStart: Date }, { unread: number; new_likes: number }>(
  (p) => sql`select ${unreadTotalExpression(p.profileId, p.windowStart)} as unread, ${newLikesCountColumn(p.profileId)} as new_likes`,
);

export async function countsFrameOf(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  site: Pick<ChatSite, 'chatHistoryDays'>,
  profileId: number,
): Promise<TLiveServerFrame> {
  const [row] = await countsStatement(deps.db, { profileId, windowStart: historyWindowStart(deps.clock(), site.chatHistoryDays) });
  return { type: 'counts', unread_messages: row?.unread ?? 0, new_likes: row?.new_likes ?? 0 };
}

/**
 * The hello frame's facts, in one statement per connection: the newest message id of the
 * member's visible conversations (the app resyncs its chats when it knows an older one) and the
 * new likes' count (the app reloads its likes when it counts others: a like made before the socket
 * opened, or while it was down, reached no socket of this tab).
 */
const helloStatement = preparedStatement<{ profileId: number }, { last_message_id: string | number; new_likes: number }>(
  (p) => sql`select
    (select coalesce(max(${conversations.lastMessageId}), 0)::bigint from ${conversationMembers}
      join ${conversations} on ${conversations.id} = ${conversationMembers.conversationId}
      where ${conversationMembers.profileId} = ${p.profileId} and not ${conversationMembers.hidden}) as last_message_id,
    ${newLikesCountColumn(p.profileId)} as new_likes`,
);

export async function helloOf(deps: Pick<ChatDeps, 'db'>, profileId: number): Promise<LiveHello> {
  const [row] = await helloStatement(deps.db, { profileId });
  return { last_message_id: Number(row?.last_message_id ?? 0), new_likes: row?.new_likes ?? 0 };
}

export async function publishCounts(deps: ChatDeps, site: Pick<ChatSite, 'chatHistoryDays'>, profileId: number): Promise<void> {
  await publish(deps, [profileId], await countsFrameOf(deps, site, profileId));
}

/** A new message: to the sender's tabs (their other tabs show it too) and to the partner's, with the partner's new badge count. */
export async function publishNewMessage(deps: ChatDeps, site: ChatSite, sent: SentMessage): Promise<void> {
  const sender = sent.message.senderProfileId;
  const toSender = publish(deps, [sender], { type: 'message', message: toChatMessage(sent.message, sender, sent.partner) });
  if (sent.partner.fictional) return toSender;
  // The partner's view: from_me false and no state (the state is for one's own messages).
  const forPartner = toChatMessage(sent.message, sent.partnerProfileId, { deliveredUpTo: 0, readUpTo: 0, fictional: false });
  await Promise.all([toSender, publish(deps, [sent.partnerProfileId], { type: 'message', message: forPartner })]);
  await publishCounts(deps, site, sent.partnerProfileId);
}

/** How far the member's app received and read the conversation, to the partner (their messages' states). */
export async function publishReceipt(
  deps: ChatDeps,
  partner: { profileId: number; fictional: boolean },
  receipt: { conversation: number; deliveredUpTo: number; readUpTo: number },
): Promise<void> {
  if (partner.fictional) return;
  await publish(deps, [partner.profileId], {
    type: 'receipt',
    conversation: receipt.conversation,
    delivered_up_to: receipt.deliveredUpTo,
    read_up_to: receipt.readUpTo,
  });
}

export async function publishTyping(
  deps: ChatDeps,
  partnerProfileId: number,
  conversation: number,
  typingProfileId: number,
): Promise<void> {
  await publish(deps, [partnerProfileId], { type: 'typing', conversation, profile: typingProfileId });
}

export async function publishRemoved(
  deps: Pick<ChatDeps, 'live' | 'log'>,
  profileIds: readonly number[],
  conversation: number,
): Promise<void> {
  await publish(deps, profileIds, { type: 'conversation_removed', conversation });
}

/** A message is gone (staff removed it after a report): both members' open apps drop it. */
export async function publishMessageRemoved(
  deps: Pick<ChatDeps, 'live' | 'log'>,
  profileIds: readonly number[],
  removed: { conversation: number; message: number },
): Promise<void> {
  await publish(deps, profileIds, { type: 'message_removed', conversation: removed.conversation, message: removed.message });
}
