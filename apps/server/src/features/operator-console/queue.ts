/**
 * GET /admin/api/operator/queue (issue 15): conversations waiting for a fictional profile's
 * answer, oldest first, by site and the member's language, a keyset page at a time. A fixed
 * number of queries whatever the page holds (no query per item): the page itself (chats, with
 * the preview; it reads the waiting conversations' index alone), then at once the count and
 * oldest wait, the cards of both sides with the member's language, the claims with their
 * holders' names, the vulnerability flags and the page's sites.
 */
import { inArray } from 'drizzle-orm';
import { LOCALE_CODES, type LocaleCode } from '@cupido/shared/rules/locales';
import {
  OPERATOR_PREVIEW_LENGTH,
  OPERATOR_QUEUE_PAGE_SIZE,
  type TOperatorQueueAnswer,
  type TOperatorQueueItem,
  type TOperatorQueueQuery,
} from '@cupido/shared/contracts/operator-console';
import type { BackOfficeDeps } from '../../back-office-deps';
import { vulnerableMembers } from '../../db/schema';
import { waitingPage, waitingTotal, type WaitingFilter } from '../chats/for-operator-console';
import { operatorCardsOf, profileOfLanguage, toOperatorCard } from '../profiles/for-operator-console';
import type { Site } from '../sites/service';
import { claimsOf, lapsedBefore, toClaim } from './claims';

export function languageOf(language: string | null | undefined): LocaleCode {
  return (LOCALE_CODES as readonly string[]).includes(language ?? '') ? (language as LocaleCode) : 'en';
}

function parseCursor(after: string | undefined): { since: Date; id: number } | null {
  if (!after) return null;
  const cut = after.lastIndexOf('_');
  const since = new Date(after.slice(0, cut));
  const id = Number(after.slice(cut + 1));
  return Number.isNaN(since.getTime()) || !Number.isSafeInteger(id) ? null : { since, id };
}

export async function operatorQueue(deps: BackOfficeDeps, staffId: number, query: TOperatorQueueQuery): Promise<TOperatorQueueAnswer> {
  const now = deps.clock();
  const language = query.language;
  const filter: WaitingFilter = {
    siteId: query.site_id,
    member: language ? (memberProfileId) => profileOfLanguage(memberProfileId, language) : undefined,
  };
  const rows = await waitingPage(deps.db, filter, parseCursor(query.after), OPERATOR_QUEUE_PAGE_SIZE + 1, OPERATOR_PREVIEW_LENGTH);
  const page = rows.slice(0, OPERATOR_QUEUE_PAGE_SIZE);
  const ids = page.map((row) => row.id);
  const memberIds = page.map((row) => row.memberProfileId);
  const siteIds = [...new Set(page.map((row) => row.siteId))];
  const [total, cards, claims, flagged, siteRows] = await Promise.all([
    waitingTotal(deps.db, filter),
    operatorCardsOf(
      deps.db,
      page.flatMap((row) => [row.fictionalProfileId, row.memberProfileId]),
    ),
    claimsOf(deps.db, ids),
    memberIds.length === 0
      ? Promise.resolve([])
      : deps.db
          .select({ id: vulnerableMembers.memberProfileId })
          .from(vulnerableMembers)
          .where(inArray(vulnerableMembers.memberProfileId, memberIds)),
    Promise.all(siteIds.map((siteId) => deps.sites.byId(siteId))),
  ]);
  const vulnerable = new Set(flagged.map((row) => row.id));
  const sites = new Map<number, Site>(siteRows.flatMap((site) => (site ? [[site.id, site] as const] : [])));

  const items: TOperatorQueueItem[] = [];
  for (const row of page) {
    const site = sites.get(row.siteId);
    const fictional = cards.get(row.fictionalProfileId);
    const member = cards.get(row.memberProfileId);
    if (!site || !fictional || !member) continue;
    const claim = claims.get(row.id);
    const live = claim && claim.lastSeenAt >= lapsedBefore(now, site.operatorClaimIdleMinutes) ? claim : null;
    items.push({
      conversation_id: row.id,
      site_id: row.siteId,
      language: languageOf(member.language),
      waiting_since: row.waitingSince.toISOString(),
      waiting_seconds: Math.max(0, Math.floor((now.getTime() - row.waitingSince.getTime()) / 1000)),
      fictional: toOperatorCard(fictional, site, now),
      member: toOperatorCard(member, site, now),
      preview: row.preview,
      claim: live ? toClaim(live, staffId, site.operatorClaimIdleMinutes) : null,
      vulnerable: vulnerable.has(row.memberProfileId),
    });
  }
  const last = page.at(-1);
  return {
    items,
    next: rows.length > OPERATOR_QUEUE_PAGE_SIZE && last ? `${last.waitingSince.toISOString()}_${last.id}` : null,
    waiting: total.count,
    oldest_waiting_since: total.oldest?.toISOString() ?? null,
  };
}
