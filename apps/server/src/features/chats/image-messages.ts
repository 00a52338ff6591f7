/**
 * Image messages (issue 12): an image sent in a chat is processed like a profile photo
 * (features/photos/processing.ts: the real format read from the bytes, decompression bombs
 * refused from the header, decoded upright, every piece of metadata stripped, re-encoded as JPEG)
 * at two sizes: the full size (longest side at most CHAT_IMAGE_FULL_MAX) and a thumbnail that
 * keeps the image's proportions (at most CHAT_IMAGE_THUMB_MAX), the one a bubble shows.
 *
 * Storage: the photo storage adapters (infra/photo-storage.ts), but in a place of their own that
 * nothing serves publicly: `<data dir>/chat-images` on disk (outside `<data dir>/photos`, the only
 * directory /photos/ serves), or the key prefix `chat-images/` of the photo bucket. Only
 * GET /api/chat-image.php hands the bytes out, to the two members of the conversation, and the
 * keys never leave the server (the message answers name the route, chatImageUrls).
 *
 * One key per message (messages.image_key, e.g. `c/Q3/Q3xk...`): the full size is `<key>.jpg`, the
 * thumbnail `<key>-t.jpg`.
 *
 * No file without a row, no row without files: the files are written before the message is sent
 * (sendMessage: the rules, the price in photo_credits and the message row in one transaction);
 * a refused send deletes them, and a client id already stored answers the stored message and
 * deletes the new files. When messages go (a block, a deleted conversation, an erased account),
 * the chats feature deletes their rows and passes the keys to deleteChatImageFiles after commit.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { historyWindowStart } from '@cupido/shared/rules/chats';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '@cupido/shared/rules/photos';
import type { Database } from '../../db/open';
import { conversationMembers, messages } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import {
  createDiskPhotoStorage,
  createS3PhotoStorage,
  isSafePhotoKey,
  type PhotoStorage,
  type S3PhotoStorageOptions,
} from '../../infra/photo-storage';
import type { RateLimiter } from '../../infra/rate-limiter';
import { processImage, type ImageSizes } from '../photos/processing';
import { PHOTO_UPLOADS_PER_HOUR } from '../photos/service';

/** Longest side of a chat image's full size (never enlarged). */
export const CHAT_IMAGE_FULL_MAX = 1600;
/** Longest side of a chat image's thumbnail, which keeps the image's proportions. */
export const CHAT_IMAGE_THUMB_MAX = 400;
export const CHAT_IMAGE_SIZES: ImageSizes = { displayMax: CHAT_IMAGE_FULL_MAX, thumbSize: CHAT_IMAGE_THUMB_MAX, thumbFit: 'inside' };
/** The multipart field of POST /api/message-image.php that carries the image. */
export const CHAT_IMAGE_FIELD = 'file';
/** The directory under the data dir where the disk adapter keeps chat images (not served by /photos/). */
export const CHAT_IMAGES_DIR = 'chat-images';
/** Where chat images go in the photo bucket: beside the photos' key prefix, not under it. */
export const CHAT_IMAGES_S3_PREFIX = 'chat-images/';
/**
 * How long a member's browser may keep an image it fetched. Private: no proxy or CDN keeps it;
 * short, so a logged-out shared computer does not show it for long.
 */
export const CHAT_IMAGE_CACHE_CONTROL = 'private, max-age=3600';

export const CHAT_IMAGE_SIZE_NAMES = ['thumb', 'full'] as const;
export type ChatImageSize = (typeof CHAT_IMAGE_SIZE_NAMES)[number];

export interface ChatImageDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  /** createChatImageStorage(), not the photos' storage. */
  storage: PhotoStorage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A processed image whose two files are stored; its key goes into messages.image_key. */
export interface StoredChatImage {
  imageKey: string;
  /** Of the full size. */
  width: number;
  height: number;
}

/** The chat images' storage: the photo storage's adapter (disk or S3) in a place nothing serves publicly. */
export function createChatImageStorage(options: { dataDir: string; s3?: S3PhotoStorageOptions }): PhotoStorage {
  return options.s3
    ? createS3PhotoStorage({ ...options.s3, keyPrefix: CHAT_IMAGES_S3_PREFIX })
    : createDiskPhotoStorage(chatImagesRoot(options.dataDir));
}

/** Where the disk adapter keeps chat images: a sibling of `<data dir>/photos`, never under it. */
export function chatImagesRoot(dataDir: string): string {
  return path.join(dataDir, CHAT_IMAGES_DIR);
}

/** A new random image key (16 random bytes, sharded by two characters): `c/<2>/<22>`. */
export function newChatImageKey(): string {
  const id = randomBytes(16).toString('base64url');
  return `c/${id.slice(0, 2)}/${id}`;
}

/** The stored files of an image key. */
export function chatImageFiles(imageKey: string): Record<ChatImageSize, string> {
  return { full: `${imageKey}.jpg`, thumb: `${imageKey}-t.jpg` };
}

/**
 * Deletes the files of image messages (both sizes), logging what could not be deleted: for the
 * chats feature's handlers, after the commit that deleted their rows (events' afterCommit), and
 * for a refused or repeated send. Never throws.
 */
export async function deleteChatImageFiles(deps: Pick<ChatImageDeps, 'storage' | 'log'>, imageKeys: readonly string[]): Promise<void> {
  const files = imageKeys.flatMap((key) => {
    if (isSafePhotoKey(chatImageFiles(key).thumb)) return Object.values(chatImageFiles(key));
    deps.log.error({ key }, 'chat image key is not a storage key; no file deleted');
    return [];
  });
  const results = await Promise.allSettled(files.map((file) => deps.storage.delete(file)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') deps.log.error({ err: result.reason, key: files[i] }, 'chat image file could not be deleted');
  });
}

const imageError = (code: 'image_invalid' | 'image_too_large', messageKey: string, params: Record<string, number> = {}) =>
  new AppError(400, code, `errors.${messageKey}`, params, CHAT_IMAGE_FIELD);

/** 400 image_invalid (field file): no file was sent. */
export const imageRequired = () => imageError('image_invalid', 'image_required');
/** 400 image_invalid (field file): not an image we read (or a format we do not take). */
export const imageInvalid = () => imageError('image_invalid', 'image_invalid');
/** 400 image_too_large (field file): more bytes or more pixels than a photo may have. */
export const imageTooLarge = () =>
  imageError('image_too_large', 'image_too_large', {
    megabytes: Math.floor(PHOTO_MAX_BYTES / (1024 * 1024)),
    megapixels: Math.floor(PHOTO_MAX_PIXELS / 1_000_000),
  });

/** Images a member may have decoded per hour (refused ones count: decoding is what costs). */
export const CHAT_IMAGES_PER_HOUR = PHOTO_UPLOADS_PER_HOUR;
const HOUR_MS = 3_600_000;

/**
 * Counts one image against the member's hourly decoding budget, before anything is decoded:
 * 429 too_many_messages past it (the bursts per minute are sendMessage's own rule).
 */
export async function countImageUpload(deps: Pick<ChatImageDeps, 'limiter'>, userId: number): Promise<void> {
  const rate = await deps.limiter.hit(`chat-image:${userId}`, CHAT_IMAGES_PER_HOUR, HOUR_MS);
  if (!rate.allowed) throw new AppError(429, 'too_many_messages', 'errors.too_many_photo_uploads', {}, CHAT_IMAGE_FIELD);
}

/**
 * Decodes, strips and resizes an upload (photo processing at the chat sizes) and stores its two
 * files. The photo processing's refusals become image_invalid / image_too_large (field file);
 * if a write fails, what was written is deleted again.
 */
export async function storeChatImage(deps: Pick<ChatImageDeps, 'storage' | 'log'>, input: Buffer): Promise<StoredChatImage> {
  if (input.length > PHOTO_MAX_BYTES) throw imageTooLarge();
  let processed;
  try {
    processed = await processImage(input, CHAT_IMAGE_SIZES);
  } catch (error) {
    if (error instanceof AppError && error.code === 'photo_too_many_pixels') throw imageTooLarge();
    if (error instanceof AppError && error.status === 400) throw imageInvalid();
    throw error;
  }
  const imageKey = newChatImageKey();
  const files = chatImageFiles(imageKey);
  // allSettled: both writes have ended (either way) before a failure deletes what was written.
  const writes = await Promise.allSettled([
    deps.storage.put(files.full, processed.display.data, processed.display.contentType),
    deps.storage.put(files.thumb, processed.thumb.data, processed.thumb.contentType),
  ]);
  const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
  if (failed) {
    await deleteChatImageFiles(deps, [imageKey]);
    throw failed.reason;
  }
  return { imageKey, width: processed.display.width, height: processed.display.height };
}

export const messageNotFound = () => new AppError(404, 'message_not_found', 'errors.message_not_found');

/**
 * The image key of an image message the member may see: a message of one of their conversations
 * (either side sent it), not removed for them (DELETE /api/chat.php hides up to removed_up_to),
 * not hidden while their account waits for deletion, and inside the site's history window.
 * Null for anything else, so a caller cannot tell "not yours" from "no such message".
 */
export async function chatImageKeyFor(
  db: Pick<Database, 'select'>,
  viewer: { profileId: number },
  messageId: number,
  window: { now: Date; historyDays: number },
): Promise<string | null> {
  const [row] = await db
    .select({ imageKey: messages.imageKey })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.profileId, viewer.profileId)),
    )
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.kind, 'image'),
        sql`not ${conversationMembers.hidden}`,
        gt(messages.id, conversationMembers.removedUpTo),
        gte(messages.createdAt, historyWindowStart(window.now, window.historyDays)),
      ),
    )
    .limit(1);
  return row?.imageKey ?? null;
}

/**
 * The bytes of one size of an image message for the member, or 404 message_not_found when they
 * may not see it (a visitor, a third member, removed, outside the history window) or its file is
 * gone: the answer never says whether such a message exists.
 */
export async function readChatImage(
  deps: Pick<ChatImageDeps, 'db' | 'clock' | 'storage'>,
  viewer: { profileId: number } | null,
  messageId: number,
  size: ChatImageSize,
  historyDays: number,
): Promise<Buffer> {
  if (!viewer) throw messageNotFound();
  const imageKey = await chatImageKeyFor(deps.db, viewer, messageId, { now: deps.clock(), historyDays });
  if (!imageKey || !isSafePhotoKey(chatImageFiles(imageKey)[size])) throw messageNotFound();
  const data = await deps.storage.get(chatImageFiles(imageKey)[size]);
  if (!data) throw messageNotFound();
  return data;
}
