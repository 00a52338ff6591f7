/**
 * "Remove the content" for a reported chat message (issue 13): the message row is deleted, so it
 * is gone for both members at once (every read of a conversation reads the rows). Deleting beats
 * replacing its text by a marker: the row's kind rules (text, gift, image) have no "removed"
 * kind, a marker stored in one language would be wrong for the other member, and the report keeps
 * the evidence (its snapshot of the text). Read and delivery marks are message ids and stay valid.
 * An image message's files cannot be reached without the row (GET /api/chat-image.php reads it);
 * the key is answered so the caller can delete them.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

export interface RemovedMessage {
  conversationId: number;
  senderProfileId: number;
  imageKey: string | null;
}

/** Deletes the message; null when it is already gone (the conversation was deleted, say). */
export async function removeMessageForModeration(tx: Tx, messageId: number): Promise<RemovedMessage | null> {
  const [row] = await tx
    .delete(messages)
    .where(eq(messages.id, messageId))
    .returning({ conversationId: messages.conversationId, senderProfileId: messages.senderProfileId, imageKey: messages.imageKey });
  return row ?? null;
}
