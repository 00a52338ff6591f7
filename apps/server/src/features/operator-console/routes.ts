/**
 * The operator console's calls (issue 15, 'conversations.answer'): see packages/shared/src/contracts/operator-console.ts.
 *   GET    /admin/api/operator/queue                         conversations waiting, oldest first
 *   GET    /admin/api/operator/conversations/:id             the answer screen (claims nothing)
 *   GET    /admin/api/operator/conversations/:id/images/:message  a member's image message (issue 29)
 *   POST   /admin/api/operator/conversations/:id/claim       take the lock (409 conversation_taken)
 *   DELETE /admin/api/operator/conversations/:id/claim       give it back
 *   POST   /admin/api/operator/conversations/:id/messages    send as the fictional profile (credit free)
 *   PUT    /admin/api/operator/conversations/:id/note        the note of this fictional profile about this member
 *   PUT    /admin/api/operator/conversations/:id/vulnerable  mark or unmark the member as vulnerable
 * Deliberately nothing else: no call views a profile, likes or shows a fictional profile online
 * (trust.md: no invented activity; operator-console.test.ts lists the routes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkAnswer } from '@cupido/shared/contracts/accounts';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import {
  ZOperatorClaim,
  ZOperatorConversation,
  ZOperatorNoteAnswer,
  ZOperatorNoteRequest,
  ZOperatorQueueAnswer,
  ZOperatorQueueQuery,
  ZOperatorSendAnswer,
  ZOperatorSendRequest,
  ZOperatorVulnerableAnswer,
  ZOperatorVulnerableRequest,
} from '@cupido/shared/contracts/operator-console';
import { conversationImage } from '../chats/for-operator-console';
import { CHAT_IMAGE_SIZE_NAMES, messageNotFound } from '../chats/image-messages';
import { sendOperatorAnswer, type OperatorConsoleDeps } from './answer';
import { claimConversation, claimRequired, claimsOf, releaseClaim, renewClaim } from './claims';
import { operatorContext, operatorConversation } from './conversation';
import { markVulnerable, saveNote } from './member-care';
import { operatorQueue } from './queue';

const tags = ['back office: operator console'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const base = `${ADMIN_API_PREFIX}/operator`;
const config = { staffAccess: 'conversations.answer' as const };
const ZParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZImageParams = ZParams.extend({ message: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ZImageQuery = z.looseObject({ size: z.enum(CHAT_IMAGE_SIZE_NAMES).default('full') });

export const operatorConsoleRoutes: FastifyPluginAsyncZod<{ deps: OperatorConsoleDeps }> = async (app, { deps }) => {
  app.get(
    `${base}/queue`,
    {
      config,
      schema: {
        tags,
        summary: 'Conversations waiting for a fictional profile’s answer, oldest first',
        querystring: ZOperatorQueueQuery,
        response: { 200: ZOperatorQueueAnswer, ...errors },
      },
    },
    async (request) => operatorQueue(deps, request.requireStaff().id, request.query),
  );

  app.get(
    `${base}/conversations/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'The answer screen of a conversation (claims nothing)',
        params: ZParams,
        response: { 200: ZOperatorConversation, ...errors },
      },
    },
    async (request) => operatorConversation(deps, request.requireStaff().id, request.params.id),
  );

  app.get(
    `${base}/conversations/:id/images/:message`,
    {
      config,
      schema: {
        tags,
        summary: 'The picture of a member’s image message in this conversation (JPEG), for the staff answering it',
        description:
          'Only image messages of a conversation with a fictional side; anything else is 404 message_not_found. Never cached by a shared cache.',
        params: ZImageParams,
        querystring: ZImageQuery,
        response: {
          200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      request.requireStaff();
      const { conversation } = await operatorContext(deps, request.params.id);
      const data = await conversationImage(
        { db: deps.db, chatImages: deps.chatImages },
        conversation.id,
        request.params.message,
        request.query.size,
      );
      if (!data) throw messageNotFound();
      // A Buffer is sent as it is (no serializer); the documented schema says "binary string".
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .send(data as unknown as string);
    },
  );

  app.post(
    `${base}/conversations/:id/claim`,
    {
      config,
      schema: {
        tags,
        summary: 'Claim the conversation (or renew one’s own claim)',
        description:
          '409 conversation_taken while another operator holds it; a claim lapses after the site’s operator_claim_idle_minutes without a call.',
        params: ZParams,
        response: { 200: ZOperatorClaim, ...errors },
      },
    },
    async (request) => {
      const staff = request.requireStaff();
      const { conversation, site } = await operatorContext(deps, request.params.id);
      return claimConversation(deps.db, conversation, staff, site.operatorClaimIdleMinutes, deps.clock());
    },
  );

  app.delete(
    `${base}/conversations/:id/claim`,
    {
      config,
      schema: { tags, summary: 'Give one’s own claim back (leaving the screen)', params: ZParams, response: { 200: ZOkAnswer, ...errors } },
    },
    async (request) => {
      const staff = request.requireStaff();
      const { conversation } = await operatorContext(deps, request.params.id);
      await releaseClaim(deps.db, conversation.id, staff.id);
      return { ok: true as const };
    },
  );

  app.post(
    `${base}/conversations/:id/messages`,
    {
      config,
      schema: {
        tags,
        summary: 'Answer as the fictional profile (credit free; the claim holder only; releases the claim)',
        description:
          'Refused: 409 claim_required, 400 reply_refused_<rule> (meeting, phone, email, messenger, link) with the matching part, judged on the text as a reader sees it (spaced, look-alike or leetspeak letters, digits as words or in other scripts, obfuscated addresses), 409 honest_answer_required while the member’s is-this-real question waits for the site’s honest answer, and for any reply that claims to be real.',
        params: ZParams,
        body: ZOperatorSendRequest,
        response: { 200: ZOperatorSendAnswer, ...errors },
      },
    },
    async (request) => sendOperatorAnswer(deps, request.requireStaff(), request.params.id, request.body),
  );

  app.put(
    `${base}/conversations/:id/note`,
    {
      config,
      schema: {
        tags,
        summary: 'Write the note of this fictional profile about this member (empty deletes it)',
        params: ZParams,
        body: ZOperatorNoteRequest,
        response: { 200: ZOperatorNoteAnswer, ...errors },
      },
    },
    async (request) => {
      const staff = request.requireStaff();
      const { conversation } = await operatorContext(deps, request.params.id);
      // The note tells the story the answers keep to, so only the operator answering (the claim
      // holder) changes it: two operators never rewrite it at once. Anyone with access reads it.
      if ((await claimsOf(deps.db, [conversation.id])).get(conversation.id)?.staffId !== staff.id) throw claimRequired();
      const now = deps.clock();
      await renewClaim(deps.db, conversation.id, staff.id, now);
      const pair = { fictionalProfileId: conversation.fictionalProfileId, memberProfileId: conversation.memberProfileId };
      return { note: await saveNote(deps.db, pair, request.body.body, staff.id, now) };
    },
  );

  app.put(
    `${base}/conversations/:id/vulnerable`,
    {
      config,
      schema: {
        tags,
        summary: 'Mark or unmark the member as vulnerable (signals found in messages stay)',
        params: ZParams,
        body: ZOperatorVulnerableRequest,
        response: { 200: ZOperatorVulnerableAnswer, ...errors },
      },
    },
    async (request) => {
      const staff = request.requireStaff();
      const { conversation } = await operatorContext(deps, request.params.id);
      // A safety mark needs no claim: any operator who sees the signs may flag the member.
      const now = deps.clock();
      await renewClaim(deps.db, conversation.id, staff.id, now);
      const member = { profileId: conversation.memberProfileId, siteId: conversation.siteId };
      return { vulnerable: await markVulnerable(deps.db, member, request.body.vulnerable, staff.id, now) };
    },
  );
};
