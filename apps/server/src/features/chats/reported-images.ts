/**
 * The picture of a reported image message, for moderation (issue 29): a moderator decides on what
 * the member actually sent, not on "An image". Members read images only through
 * GET /api/chat-image.php, which checks that they are one of the conversation's two members; this
 * is read by the back office's report calls only, behind the staff permission 'reports.decide'.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { messages } from '../../db/schema';
import { isSafePhotoKey, type PhotoStorage } from '../../infra/photo-storage';
import { chatImageFiles, type ChatImageSize } from './image-messages';

type Reader = Pick<Database, 'select'>;

/** Which of these messages are image messages still stored (a removed message has no row). */
export async function imageMessageIds(db: Reader, messageIds: number[]): Promise<Set<number>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, messageIds), eq(messages.kind, 'image')));
  return new Set(rows.map((row) => row.id));
}

/** One size of an image message's JPEG; null when it is not an image message or its file is gone. */
export async function imageOfMessage(
  deps: { db: Reader; chatImages: PhotoStorage },
  messageId: number,
  size: ChatImageSize,
): Promise<Buffer | null> {
  const [row] = await deps.db
    .select({ imageKey: messages.imageKey })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.kind, 'image')))
    .limit(1);
  const file = row?.imageKey ? chatImageFiles(row.imageKey)[size] : null;
  if (!file || !isSafePhotoKey(file)) return null;
  return deps.chatImages.get(file);
}
