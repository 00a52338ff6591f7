/**
 * Image messages (issue 12; image-messages.ts says how they are kept):
 *   POST /api/message-image.php (multipart: profile_id, client_id, file) -> { message, credits }, as POST /api/message.php
 *   GET  /api/chat-image.php?message=ID&size=thumb|full                 -> the JPEG, to the two members only
 * Multipart parsing is registered here only, not app-wide.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZSendMessageAnswer, zClientId, type TSendMessageAnswer } from '@cupido/shared/contracts/chats';
import { zId } from '@cupido/shared/contracts/input';
import { PHOTO_MAX_BYTES } from '@cupido/shared/rules/photos';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { AppError } from '../../errors';
import type { PhotoStorage } from '../../infra/photo-storage';
import type { ChatDeps } from './context';
import {
  CHAT_IMAGE_CACHE_CONTROL,
  CHAT_IMAGE_FIELD,
  CHAT_IMAGE_FULL_MAX,
  CHAT_IMAGE_SIZE_NAMES,
  CHAT_IMAGE_THUMB_MAX,
  countImageUpload,
  deleteChatImageFiles,
  imageRequired,
  imageTooLarge,
  messageNotFound,
  readChatImage,
  storeChatImage,
  type ChatImageDeps,
} from './image-messages';
import { sendMessage } from './send';

export interface ChatImageRoutesOptions {
  deps: ChatDeps;
  /** createChatImageStorage() (image-messages.ts), not the photos' storage. */
  storage: PhotoStorage;
}

const errors = { 400: ZApiError, 402: ZApiError, 403: ZApiError, 404: ZApiError, 429: ZApiError };

const ZImageFields = z.object({
  profile_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(zId()),
  client_id: zClientId(),
});

interface ImageUpload {
  fields: Record<string, string>;
  file: Buffer | null;
}

/** The fields and the one file of the form, the file read into memory (at most PHOTO_MAX_BYTES). */
async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) throw imageRequired();
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === CHAT_IMAGE_FIELD && data.length > 0) file = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: number }).statusCode === 413) throw imageTooLarge();
    // More parts or files than a form of this call has, no boundary, a truncated or garbled form:
    // the sender's mistake (decision 023), answered like any refused request.
    throw new AppError(400, 'invalid_request', 'errors.invalid_request', {}, code === 'FST_FILES_LIMIT' ? CHAT_IMAGE_FIELD : undefined);
  }
  return { fields, file };
}

/** The form's fields, checked: a missing or wrong one is 400 invalid_request naming it. */
function checkedFields(fields: Record<string, string>): z.infer<typeof ZImageFields> {
  const result = ZImageFields.safeParse(fields);
  if (result.success) return result.data;
  const field = String(result.error.issues[0]?.path[0] ?? 'profile_id');
  throw new AppError(400, 'invalid_request', 'errors.invalid_request', {}, field);
}

export async function chatImageRoutes(server: FastifyInstance, { deps, storage }: ChatImageRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['chats'];
  const images: ChatImageDeps = { db: deps.db, clock: deps.clock, limiter: deps.limiter, storage, log: server.log };

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/api/message-image.php',
    {
      schema: {
        tags,
        summary: `Send an image in a chat (multipart/form-data: fields profile_id and client_id, the image in field "${CHAT_IMAGE_FIELD}"; JPEG, PNG, WebP, HEIC where supported; at most 15 MB)`,
        description:
          'The image is decoded, turned upright, stripped of all metadata and stored as a full size (max ' +
          `${CHAT_IMAGE_FULL_MAX} px) and a thumbnail (max ${CHAT_IMAGE_THUMB_MAX} px, same proportions), then sent as a message ` +
          "costing the site's photo_credits, with every rule of POST /api/message.php. The same client_id again answers the stored " +
          'message. Its image urls point at GET /api/chat-image.php, which only the two members of the conversation can fetch.',
        consumes: ['multipart/form-data'],
        response: { 200: ZSendMessageAnswer, ...errors },
      },
    },
    async (request): Promise<TSendMessageAnswer> => {
      const member = await request.requireMember();
      const upload = await readImageUpload(request);
      const input = checkedFields(upload.fields);
      if (!upload.file) throw imageRequired();
      await countImageUpload(images, member.id);
      const stored = await storeChatImage(images, upload.file);
      let answer: TSendMessageAnswer;
      try {
        answer = await sendMessage(
          deps,
          request.site,
          { userId: member.id, profileId: member.profileId, siteId: member.siteId },
          { profileId: input.profile_id, clientId: input.client_id, content: { kind: 'image', ...stored } },
        );
      } catch (error) {
        // Refused (credits, rules, bursts): no message, so no files.
        await deleteChatImageFiles(images, [stored.imageKey]);
        throw error;
      }
      // The client id had been sent before: the stored message is the answer, the new files go.
      const [row] = await deps.db.select({ imageKey: messages.imageKey }).from(messages).where(eq(messages.id, answer.message.id));
      if (row?.imageKey !== stored.imageKey) await deleteChatImageFiles(images, [stored.imageKey]);
      // The balance changed: user.php shows it at once (decision 017), from the cached row, which
      // takes the new balance rather than being looked up again by the next send (issue 32).
      if (answer.credits !== member.credits) server.memberCreditsChanged(member.id, answer.credits);
      return answer;
    },
  );

  const ZChatImageQuery = z.looseObject({
    message: z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .meta({ description: 'The image message’s id' }),
    size: z
      .enum(CHAT_IMAGE_SIZE_NAMES)
      .default('full')
      .meta({ description: `thumb (max ${CHAT_IMAGE_THUMB_MAX} px) or full (max ${CHAT_IMAGE_FULL_MAX} px)` }),
  });

  app.get(
    '/api/chat-image.php',
    {
      schema: {
        tags,
        summary: 'The image of an image message (JPEG), for the two members of its conversation only',
        description:
          'Anyone else (a visitor, a third member), a message removed for the member or outside the site’s history window: ' +
          '404 message_not_found, whether or not the message exists. Cache-Control private: no shared cache keeps it.',
        querystring: ZChatImageQuery,
        response: {
          200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } } },
          400: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const messageId = Number(request.query.message);
      if (!Number.isSafeInteger(messageId)) throw messageNotFound();
      const member = await request.member();
      const data = await readChatImage(images, member, messageId, request.query.size, request.site.chatHistoryDays);
      // A Buffer is sent as it is (no serializer); the documented schema says "binary string".
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', CHAT_IMAGE_CACHE_CONTROL)
        .send(data as unknown as string);
    },
  );
}
