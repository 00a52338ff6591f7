/**
 * GET /admin/api/operator/conversations/:id (issue 15): everything the answer screen shows. The
 * member's profile as the member made it visible, the fictional profile's whole, the newest
 * messages with the staff who wrote the fictional ones, the note, whether the honest answer is
 * due, the vulnerability flag and the site's texts in the member's language. Viewing claims
 * nothing (the holder's view renews their claim).
 */
import { LOCALE_CODES, pickLocalized, type LocaleCode, type LocalizedText } from '@cupido/shared/rules/locales';
import {
  OPERATOR_CONVERSATION_MESSAGES,
  type TOperatorConversation,
  type TOperatorMessage,
} from '@cupido/shared/contracts/operator-console';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { honestAnswerDueIn } from '@cupido/shared/rules/operator-guardrails-refusal';
import type { BackOfficeDeps } from '../../back-office-deps';
import type { Database } from '../../db/open';
import { fictionalConversation, memberTextsSinceReply, newestMessages, type OperatorConversationRow } from '../chats/for-operator-console';
import type { MessageRow } from '../chats/store';
import { operatorCardsOf, operatorProfileOf } from '../profiles/for-operator-console';
import type { Site } from '../sites/service';
import { staffNamesOf } from '../staff/for-operator-console';
import { conversationNotFound, currentClaim, renewClaim } from './claims';
import { noteOf, vulnerabilityOf } from './member-care';
import { languageOf } from './queue';

export interface OperatorContext {
  conversation: OperatorConversationRow;
  site: Site;
  language: LocaleCode;
  /** The member's account (null once erased). */
  memberUserId: number | null;
}

/** The conversation with a fictional side, its site and the member's language; 404 otherwise. */
export async function operatorContext(deps: BackOfficeDeps, conversationId: number): Promise<OperatorContext> {
  const conversation = await fictionalConversation(deps.db, conversationId);
  if (!conversation) throw conversationNotFound();
  const site = await deps.sites.byId(conversation.siteId);
  if (!site) throw conversationNotFound();
  const member = (await operatorCardsOf(deps.db, [conversation.memberProfileId])).get(conversation.memberProfileId);
  return { conversation, site, language: languageOf(member?.language), memberUserId: member?.userId ?? null };
}

/** Where the console fetches an image message's picture (routes.ts): the staff session's own call, never the members'. */
export function operatorImageUrls(conversationId: number, messageId: number): { thumb_url: string; url: string } {
  const path = `${ADMIN_API_PREFIX}/operator/conversations/${conversationId}/images/${messageId}`;
  return { thumb_url: `${path}?size=thumb`, url: `${path}?size=full` };
}

export function toOperatorMessage(row: MessageRow, fictionalProfileId: number, staffNames: Map<number, string>): TOperatorMessage {
  const fromFictional = row.senderProfileId === fictionalProfileId;
  return {
    id: row.id,
    from: fromFictional ? 'fictional' : 'member',
    kind: row.kind,
    text: row.kind === 'text' ? row.body : null,
    gift: row.kind === 'gift' ? row.gift : null,
    image: row.kind === 'image' ? operatorImageUrls(row.conversationId, row.id) : null,
    created_at: row.createdAt.toISOString(),
    staff: fromFictional && row.staffUserId != null ? { id: row.staffUserId, name: staffNames.get(row.staffUserId) ?? '' } : null,
  };
}

/** The site's texts by language, only the product's languages. */
export function translationsOf(text: LocalizedText): Partial<Record<LocaleCode, string>> {
  return Object.fromEntries(LOCALE_CODES.filter((code) => text[code]).map((code) => [code, text[code]!]));
}

export async function honestAnswerDue(db: Database, conversation: OperatorConversationRow): Promise<boolean> {
  return honestAnswerDueIn(await memberTextsSinceReply(db, conversation));
}

export async function operatorConversation(deps: BackOfficeDeps, staffId: number, conversationId: number): Promise<TOperatorConversation> {
  const now = deps.clock();
  const { conversation, site, language } = await operatorContext(deps, conversationId);
  await renewClaim(deps.db, conversation.id, staffId, now);
  const [fictional, member, rows, note, due, vulnerable, claim] = await Promise.all([
    operatorProfileOf(deps.db, site, conversation.fictionalProfileId, false, now),
    operatorProfileOf(deps.db, site, conversation.memberProfileId, true, now),
    newestMessages(deps.db, conversation.id, OPERATOR_CONVERSATION_MESSAGES),
    noteOf(deps.db, conversation.fictionalProfileId, conversation.memberProfileId),
    honestAnswerDue(deps.db, conversation),
    vulnerabilityOf(deps.db, conversation.memberProfileId),
    currentClaim(deps.db, conversation.id, staffId, site.operatorClaimIdleMinutes, now),
  ]);
  if (!fictional || !member) throw conversationNotFound();
  const staffNames = await staffNamesOf(
    deps.db,
    rows.flatMap((row) => (row.staffUserId != null ? [row.staffUserId] : [])),
  );
  return {
    conversation_id: conversation.id,
    site_id: conversation.siteId,
    language,
    waiting_since: conversation.waitingSince?.toISOString() ?? null,
    claim,
    fictional,
    member,
    messages: rows.map((row) => toOperatorMessage(row, conversation.fictionalProfileId, staffNames)),
    note,
    honest_answer_due: due,
    honest_answer: { text: pickLocalized(site.honestAnswer, language), translations: translationsOf(site.honestAnswer) },
    vulnerable,
    spending_reminder: pickLocalized(site.spendingReminder, language),
    fictional_notice: {
      icon: site.fictionalIcon,
      singular: pickLocalized(site.fictionalSingular, language),
      warning: pickLocalized(site.fictionalWarning, language),
    },
  };
}
