/**
 * GET /api/chat.php (spec sections 2, 4 and 8): one conversation, by its id or by the partner's
 * profile (/members/{id}/chat, when there may be none yet), one page of messages (the newest,
 * an older one with before=, or what followed a message with after= for a resync), and what the
 * chat screen needs around them: why the member cannot send (send_blocked), the draft, the prices
 * and how far the partner's app got. Messages older than the site's history window are not
 * answered (older_hidden says such exist). Opening a conversation does not mark it read: the app
 * calls chat-read.php for what it shows.
 */
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { CHAT_PAGE_SIZE, CHAT_SYNC_LIMIT, historyWindowStart } from '@cupido/shared/rules/chats';
import { type TChatAnswer } from '@cupido/shared/contracts/chats';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import { pickLocalized, type LocaleCode } from '@cupido/shared/rules/locales';
import { profileAccess } from '@cupido/shared/rules/profiles';
import type { Database } from '../../db/open';
import { messages } from '../../db/schema';
import { AppError } from '../../errors';
import { likeFlagsOf } from '../likes/likes-lists';
import type { ActivityMarks } from '../profiles/activity-port';
import type { ExistingContactSources } from '../profiles/contact';
import { toCard } from '../profiles/search-read-model';
import { cannotMessageSelf, conversationNotFound, noAccess, profileNotFound, type ChatMember, type ChatSite } from './context';
import { toChatMessage } from './message-view';
import { mayStartAnother, partnerFacts, sendBlockedReason } from './partner';
import { priceOf } from './send';
import { conversationBetween, conversationOfMember, type MembersConversation, type MessageRow } from './store';

export interface ChatQuery {
  conversation?: number;
  profile?: number;
  before?: number;
  after?: number;
}

/** The member opening the chat, as the session knows them. */
export interface ChatViewer extends ChatMember {
  paidUser: boolean;
  /** The account's status: 'not_confirmed' until the e-mail is confirmed. */
  status: string;
}

const invalid = (field: string) => new AppError(400, 'invalid_request', 'errors.invalid_request', {}, field);

/** A whole number from the query, from `min` to `max` (profile and conversation ids are int4, message ids bigint). */
function idOf(text: string | undefined, field: string, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = /^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= min && value <= max)) throw invalid(field);
  return value;
}

/** The query's ids: one of conversation and profile; before or after, not both. */
export function parseChatQuery(query: { conversation?: string; profile?: string; before?: string; after?: string }): ChatQuery {
  const parsed = {
    conversation: idOf(query.conversation, 'conversation', { max: INT32_MAX }),
    profile: idOf(query.profile, 'profile', { max: INT32_MAX }),
    before: idOf(query.before, 'before'),
    // after=0: everything from the start (an app that has seen no message yet).
    after: idOf(query.after, 'after', { min: 0 }),
  };
  if ((parsed.conversation === undefined) === (parsed.profile === undefined)) throw invalid('conversation');
  if (parsed.before !== undefined && parsed.after !== undefined) throw invalid('after');
  return parsed;
}

interface Page {
  rows: MessageRow[];
  hasOlder: boolean;
  hasNewer: boolean;
  olderHidden: boolean;
}

/** One page of the conversation's messages the member may see, oldest first. */
async function pageOf(db: Database, mc: MembersConversation, windowStart: Date, query: ChatQuery): Promise<Page> {
  const id = mc.conversation.id;
  const visible = and(eq(messages.conversationId, id), gt(messages.id, mc.mine.removedUpTo), gte(messages.createdAt, windowStart));
  const [hidden] = await db
    .select({ one: sql<number>`1` })
    .from(messages)
    .where(and(eq(messages.conversationId, id), gt(messages.id, mc.mine.removedUpTo), lt(messages.createdAt, windowStart)))
    .limit(1);
  const olderHidden = hidden !== undefined;
  if (query.after !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(visible, gt(messages.id, query.after)))
      .orderBy(asc(messages.id))
      .limit(CHAT_SYNC_LIMIT + 1);
    return { rows: rows.slice(0, CHAT_SYNC_LIMIT), hasOlder: false, hasNewer: rows.length > CHAT_SYNC_LIMIT, olderHidden };
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(visible, query.before === undefined ? undefined : lt(messages.id, query.before)))
    .orderBy(desc(messages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  return { rows: rows.slice(0, CHAT_PAGE_SIZE).reverse(), hasOlder: rows.length > CHAT_PAGE_SIZE, hasNewer: false, olderHidden };
}

export interface ChatExtras {
  /** The reminder for a member writing to a fictional profile (the operator console's, lent through the app's context). */
  spendingReminder?: (memberProfileId: number) => Promise<string | null>;
  /** The partner's "online now" / "active today" mark for the header (issue 28). */
  activity?: ActivityMarks;
}

export async function chatOf(
  db: Database,
  contactSources: ExistingContactSources,
  site: ChatSite,
  viewer: ChatViewer,
  locale: LocaleCode,
  query: ChatQuery,
  now: Date,
  { spendingReminder, activity }: ChatExtras = {},
): Promise<TChatAnswer> {
  let mc: MembersConversation | null;
  let partnerId: number;
  if (query.conversation !== undefined) {
    mc = await conversationOfMember(db, query.conversation, viewer.profileId);
    if (!mc) throw conversationNotFound();
    partnerId = mc.partnerProfileId;
  } else {
    partnerId = query.profile!;
    if (partnerId === viewer.profileId) throw cannotMessageSelf();
    const conversation = await conversationBetween(db, viewer.profileId, partnerId);
    mc = conversation ? await conversationOfMember(db, conversation.id, viewer.profileId) : null;
  }

  const partner = await partnerFacts(db, contactSources, viewer, partnerId);
  if (!partner) throw query.conversation !== undefined ? conversationNotFound() : profileNotFound();
  if (!mc) {
    // No conversation yet: the member sees what the profile page would let them see.
    const access = profileAccess(partner.facts);
    if (access === 'not_found') throw profileNotFound();
    if (access === 'no_access') throw noAccess();
  }
  const mayStart = mc !== null || (await mayStartAnother(db, viewer.profileId, viewer.paidUser));
  const progress = { deliveredUpTo: mc?.partner.deliveredUpTo ?? 0, readUpTo: mc?.partner.readUpTo ?? 0, fictional: partner.fictional };
  const page = mc
    ? await pageOf(db, mc, historyWindowStart(now, site.chatHistoryDays), query)
    : { rows: [], hasOlder: false, hasNewer: false, olderHidden: false };
  const likeState = (await likeFlagsOf(db, viewer.profileId, [partnerId])).get(partnerId)?.likeState ?? 'none';
  const reminder = partner.fictional && spendingReminder ? await spendingReminder(viewer.profileId) : null;
  // No mark for a partner the member cannot reach (blocked either way, account gone).
  const reachable = partner.facts.targetUsable && !partner.facts.blockedByViewer && !partner.facts.blockedByTarget;
  const mark = activity && reachable ? (await activity({ profileId: viewer.profileId }, [partnerId])).get(partnerId) : undefined;

  return {
    conversation: mc?.conversation.id ?? null,
    partner: {
      ...toCard(partner.card, site, now),
      ...(mark ? { activity: mark } : {}),
      like_state: likeState,
      fictional: partner.fictional
        ? {
            icon: site.fictionalIcon,
            singular: pickLocalized(site.fictionalSingular, locale),
            warning: pickLocalized(site.fictionalWarning, locale),
          }
        : null,
    },
    messages: page.rows.map((row) => toChatMessage(row, viewer.profileId, progress)),
    has_older: page.hasOlder,
    has_newer: page.hasNewer,
    older_hidden: page.olderHidden,
    send_blocked: sendBlockedReason(partner, mc !== null, mayStart),
    account_unconfirmed: viewer.status !== 'active',
    draft: mc?.mine.draft ?? null,
    spending_reminder: reminder,
    prices: { message: priceOf(site, 'text'), image: priceOf(site, 'image'), gift: priceOf(site, 'gift') },
    partner_delivered_up_to: progress.deliveredUpTo,
    partner_read_up_to: progress.readUpTo,
  };
}
