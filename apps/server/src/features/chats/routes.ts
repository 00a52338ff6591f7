/**
 * The chat calls (spec sections 2, 3, 4, 7 and 8; issue 12), members only: the conversation
 * list, one conversation, sending a text or a gift, reading, removing, and reporting a message.
 * The live channel's frames from members' apps (typing, delivered, read) are handled here too.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkAnswer } from '@cupido/shared/contracts/accounts';
import {
  ZChatAnswer,
  ZChatQuery,
  ZChatReadRequest,
  ZChatsAnswer,
  ZDeleteChatRequest,
  ZMessageReportRequest,
  ZSendMessageAnswer,
  ZSendMessageRequest,
} from '@cupido/shared/contracts/chats';
import { type GiftCode } from '@cupido/shared/rules/gifts';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZReportAnswer } from '@cupido/shared/contracts/reports';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import type { MemberRow } from '../accounts/sessions';
import type { ChatDeps, ChatMember } from './context';
import { chatOf, parseChatQuery } from './conversation-view';
import { chatsOf } from './list';
import { handleLiveFrames } from './live-handlers';
import { markRead, removeConversation } from './read-state';
import { reportMessage } from './report';
import { sendMessage, type MessageContent } from './send';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };

function chatMember(member: MemberRow, siteId: number): ChatMember {
  return { userId: member.id, profileId: member.profileId, siteId };
}

/** The body's text or gift: exactly one. */
function contentOf(body: { text?: string; gift?: GiftCode }): MessageContent {
  if (body.gift !== undefined && body.text !== undefined && body.text.trim() !== '') {
    throw new AppError(400, 'invalid_request', 'errors.invalid_request', {}, 'gift');
  }
  if (body.gift !== undefined) return { kind: 'gift', gift: body.gift };
  return { kind: 'text', text: body.text ?? '' };
}

export const chatRoutes: FastifyPluginAsyncZod<{ deps: ChatDeps }> = async (app, { deps }) => {
  const tags = ['chats'];
  handleLiveFrames(deps);

  app.get(
    '/api/chats.php',
    {
      schema: {
        tags,
        summary:
          "The member's conversations, latest first: partner, last message, unread count; and the unread total of the Messages badge",
        response: { 200: ZChatsAnswer, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      return chatsOf(deps.db, request.site, member.profileId, deps.clock(), deps.activity);
    },
  );

  app.get(
    '/api/chat.php',
    {
      schema: {
        tags,
        summary:
          "One conversation by its id or the partner's profile (conversation null until the first message): a page of messages (before= older, after= a resync), send_blocked, draft, prices and the partner's receipts. Does not mark it read",
        querystring: ZChatQuery,
        response: { 200: ZChatAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const viewer = { ...chatMember(member, request.site.id), paidUser: member.paidUser, status: member.status };
      const reminder = deps.spendingReminder;
      const spendingReminder = reminder ? (profileId: number) => reminder(request.site, profileId, request.locale) : undefined;
      return chatOf(deps.db, deps.contactSources, request.site, viewer, request.locale, parseChatQuery(request.query), deps.clock(), {
        spendingReminder,
        activity: deps.activity,
      });
    },
  );

  app.post(
    '/api/message.php',
    {
      schema: {
        tags,
        summary:
          'Send a text or a gift to a profile; the conversation starts with the first message. Costs credits (402 insufficient_credits, nothing stored); free members start at most 2 conversations (403 premium_only); the same client_id again answers the stored message without paying twice',
        body: ZSendMessageRequest,
        response: { 200: ZSendMessageAnswer, ...errors, 402: ZApiError, 429: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const { profile_id: profileId, client_id: clientId } = request.body;
      const answer = await sendMessage(deps, request.site, chatMember(member, request.site.id), {
        profileId,
        clientId,
        content: contentOf(request.body),
      });
      // The balance changed: user.php shows it at once (decision 017), from the cached row, which
      // takes the new balance rather than being looked up again by the next send (issue 32).
      if (answer.credits !== member.credits) app.memberCreditsChanged(member.id, answer.credits);
      return answer;
    },
  );

  app.post(
    '/api/chat-read.php',
    {
      schema: {
        tags,
        summary: 'The member has seen the conversation up to a message: its unread count drops, the partner sees it read',
        body: ZChatReadRequest,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await markRead(deps, request.site, chatMember(member, request.site.id), request.body.conversation, request.body.up_to);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/chat.php',
    {
      schema: {
        tags,
        summary: 'Remove a conversation for the member only; a newer message brings it back',
        body: ZDeleteChatRequest,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await removeConversation(deps, request.site, chatMember(member, request.site.id), request.body.conversation);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/message-report.php',
    {
      schema: {
        tags,
        summary: 'Report a message the partner sent the member, for moderation (the message is kept with the report)',
        body: ZMessageReportRequest,
        response: { 200: ZReportAnswer, ...errors, 409: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const { message_id: messageId, reason, text, good_faith: goodFaith } = request.body;
      const reportId = await reportMessage(deps, chatMember(member, request.site.id), { messageId, reason, text, goodFaith });
      return { report_id: reportId, status: 'open' as const, message: translate(request.locale, 'reports.received') };
    },
  );
};
