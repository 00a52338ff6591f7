/**
 * The chats feature's part of "Download my data": the member's conversations (hidden ones too:
 * they are the member's data while the account waits) and every message they sent, oldest first.
 * The partners' messages are the partners' data and stay out.
 */
import { and, asc, eq, or } from 'drizzle-orm';
import { conversationMembers, conversations, messages } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';
import { partnerOf } from './store';

export const chatsDataPart = dataExportPart('chats', async ({ db, profileId }) => {
  if (profileId === null) return { conversations: [], messages_sent: [] };
  const [rows, sent] = await Promise.all([
    db
      .select({ conversation: conversations, side: conversationMembers })
      .from(conversations)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.profileId, profileId)),
      )
      .where(or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId)))
      .orderBy(asc(conversations.id)),
    db.select().from(messages).where(eq(messages.senderProfileId, profileId)).orderBy(asc(messages.id)),
  ]);
  return {
    conversations: rows.map(({ conversation, side }) => ({
      id: conversation.id,
      partner_profile_id: partnerOf(conversation, profileId),
      started_by_me: conversation.startedByProfileId === profileId,
      created_at: conversation.createdAt.toISOString(),
      removed_up_to: side.removedUpTo,
      hidden: side.hidden,
      draft: side.draft,
    })),
    messages_sent: sent.map((message) => ({
      id: message.id,
      conversation_id: message.conversationId,
      kind: message.kind,
      text: message.body,
      gift: message.gift,
      image_key: message.imageKey,
      credits: message.credits,
      sent_at: message.createdAt.toISOString(),
    })),
  };
});
