/**
 * "Remove the content" for a reported chat message (issue 13): the message row is deleted, so it
 * is gone for both members at once (every read of a conversation reads the rows). Deleting beats
 * replacing its text by a marker: the row's kind rules (text, gift, image) have no "removed"
 * kind, a marker stored in one language would be wrong for the other member, and the report keeps
 * the evidence (its snapshot of the text). Read and delivery marks are message ids and stay valid.
 * An image message's files cannot be reached without the row (GET /api/chat-image.php reads it),
 * but they are personal data: after the commit, afterMessageRemoved deletes them (as a block or
 * an erasure does) and tells both members' open apps that the message is gone.
 */
import { eq } from 'drizzle-orm';
import { conversations, messages } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import type { ChatDeps } from './context';
import { publishMessageRemoved } from './live-frames';

export interface RemovedMessage {
  messageId: number;
  conversationId: number;
  senderProfileId: number;
  imageKey: string | null;
}

/** Deletes the message; null when it is already gone (the conversation was deleted, say). */
export async function removeMessageForModeration(tx: Tx, messageId: number): Promise<RemovedMessage | null> {
  const [row] = await tx.delete(messages).where(eq(messages.id, messageId)).returning({
    messageId: messages.id,
    conversationId: messages.conversationId,
    senderProfileId: messages.senderProfileId,
    imageKey: messages.imageKey,
  });
  return row ?? null;
}

export interface RemovalEffectDeps extends Pick<ChatDeps, 'db' | 'live' | 'log'> {
  /** Deletes image messages' stored files (deleteChatImageFiles with the chat image storage); never throws. */
  deleteImageFiles(imageKeys: string[]): Promise<void>;
}

/**
 * Only after the commit that deleted the row (the decision's transaction may roll back): the
 * image's files go, and both members' open apps drop the message (a 'message_removed' frame; an
 * app that misses it stops showing it at its next fetch, which reads the rows).
 */
export async function afterMessageRemoved(deps: RemovalEffectDeps, removed: RemovedMessage): Promise<void> {
  if (removed.imageKey) await deps.deleteImageFiles([removed.imageKey]);
  const [pair] = await deps.db
    .select({ low: conversations.lowProfileId, high: conversations.highProfileId })
    .from(conversations)
    .where(eq(conversations.id, removed.conversationId));
  if (pair) await publishMessageRemoved(deps, [pair.low, pair.high], { conversation: removed.conversationId, message: removed.messageId });
}
