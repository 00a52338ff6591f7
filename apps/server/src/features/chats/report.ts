/**
 * POST /api/message-report.php (trust.md, DSA): a member reports a message their partner sent
 * them in one of their conversations. The report goes to moderation through the reports feature,
 * with the message's id and content as it was (the evidence stays when the conversation goes).
 */
import { and, eq, gt, ne } from 'drizzle-orm';
import type { TReportReason } from '@cupido/shared/contracts/reports';
import { conversationMembers, messages } from '../../db/schema';
import { AppError } from '../../errors';
import { fileMessageReport, type ReportDeps } from '../reports/service';
import type { ChatMember } from './context';
import type { MessageRow } from './store';

export interface MessageReportInput {
  messageId: number;
  reason: TReportReason;
  text: string;
  goodFaith: boolean;
}

/** What moderation reads of the message: its text, or what it showed. */
export function reportedContentOf(message: MessageRow): string {
  if (message.kind === 'text') return message.body ?? '';
  if (message.kind === 'gift') return `[gift: ${message.gift}]`;
  return `[image: ${message.imageKey}]`;
}

/** Files the report; answers its id. 404 message_not_found unless the partner sent it to the member (and they have not removed it). */
export async function reportMessage(deps: ReportDeps, member: ChatMember, input: MessageReportInput): Promise<number> {
  const [row] = await deps.db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.profileId, member.profileId),
        eq(conversationMembers.hidden, false),
        gt(messages.id, conversationMembers.removedUpTo),
      ),
    )
    .where(and(eq(messages.id, input.messageId), ne(messages.senderProfileId, member.profileId)));
  if (!row) throw new AppError(404, 'message_not_found', 'errors.message_not_found', {}, 'message_id');
  return fileMessageReport(deps, member, {
    profileId: row.message.senderProfileId,
    message: { id: row.message.id, text: reportedContentOf(row.message) },
    reason: input.reason,
    text: input.text,
    goodFaith: input.goodFaith,
  });
}
