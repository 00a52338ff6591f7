/**
 * Campaigns as staff write them (decision 043): create and edit a draft, read one or a site's
 * list with its counts. What the contract cannot check is checked here before anything is
 * stored: the site exists, and the link is on that site's own origin (no open redirect, no
 * phishing in the site's name). Every change is written to the audit log in its transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ZCampaignDraft, type TCampaign } from '@cupido/shared/contracts/campaigns';
import type { z } from 'zod';
import type { Database } from '../../db/open';
import { campaignRecipients, campaigns } from '../../db/schema';
import { AppError } from '../../errors';
import { recordStaffAction } from '../audit/service';
import { countMarketingAudience } from '../notifications/marketing-audience';
import { siteOrigin } from '../sites/public-origin';
import type { Site } from '../sites/service';
import { staffNameOf } from '../staff/for-operator-console';
import type { CampaignDeps } from './campaign-deps';

export type CampaignDraft = z.output<typeof ZCampaignDraft>;
export type CampaignRow = typeof campaigns.$inferSelect;

export const campaignNotFound = () => new AppError(404, 'campaign_not_found', 'staff.campaigns.errors.not_found');
export const campaignNotDraft = () => new AppError(409, 'campaign_not_draft', 'staff.campaigns.errors.not_draft');

/** The site the draft is for, once its link is known to be on the site's own origin; else a 400 naming the field. */
export async function checkDraft(
  deps: Pick<CampaignDeps, 'sites' | 'publicOrigin'>,
  draft: Pick<CampaignDraft, 'site_id' | 'link'>,
): Promise<Site> {
  const site = await deps.sites.byId(draft.site_id);
  if (!site) throw new AppError(400, 'campaign_site_not_found', 'staff.campaigns.errors.site_not_found', {}, 'site_id');
  if (draft.link !== null && !isOnOrigin(draft.link, siteOrigin(site.domain, deps.publicOrigin))) {
    throw new AppError(
      400,
      'campaign_link_not_on_site',
      'staff.campaigns.errors.link_not_on_site',
      { origin: siteOrigin(site.domain, deps.publicOrigin) },
      'link',
    );
  }
  return site;
}

/** An absolute http(s) address on exactly this origin, without credentials (https://site@evil.example is evil.example's). */
export function isOnOrigin(link: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === origin &&
    url.username === '' &&
    url.password === '' &&
    (link === origin || link.startsWith(`${origin}/`))
  );
}

const columnsOf = (draft: CampaignDraft) => ({
  kind: draft.kind,
  siteId: draft.site_id,
  language: draft.language,
  subject: draft.subject,
  body: draft.body,
  link: draft.link,
  buttonLabel: draft.button_label,
});

/** What staff wrote, by the contract's names. */
const draftFieldsOf = (row: CampaignRow) => ({
  kind: row.kind,
  site_id: row.siteId,
  language: row.language,
  subject: row.subject,
  body: row.body,
  link: row.link,
  button_label: row.buttonLabel,
});

/** What the audit log keeps of a campaign: everything a member would read, and its state. */
const audited = (row: CampaignRow) => ({ ...draftFieldsOf(row), status: row.status });

export async function createCampaign(deps: CampaignDeps, staffId: number, draft: CampaignDraft): Promise<TCampaign> {
  await checkDraft(deps, draft);
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({ ...columnsOf(draft), status: 'draft', createdBy: staffId, createdAt: now, updatedAt: now })
      .returning();
    await recordStaffAction(
      tx,
      { staffId, action: 'campaign.create', itemType: 'campaign', itemId: created!.id, siteId: created!.siteId, after: audited(created!) },
      now,
    );
    return created!;
  });
  return campaignById(deps, row.id);
}

export async function updateCampaign(deps: CampaignDeps, staffId: number, id: number, draft: CampaignDraft): Promise<TCampaign> {
  await checkDraft(deps, draft);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!before) throw campaignNotFound();
    if (before.status !== 'draft') throw campaignNotDraft();
    const [after] = await tx
      .update(campaigns)
      .set({ ...columnsOf(draft), updatedAt: now })
      .where(eq(campaigns.id, id))
      .returning();
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'campaign.update',
        itemType: 'campaign',
        itemId: id,
        siteId: after!.siteId,
        before: audited(before),
        after: audited(after!),
      },
      now,
    );
  });
  return campaignById(deps, id);
}

type CampaignWithAuthor = CampaignRow & { createdByName: string | null };

const selectWithAuthor = (db: Database) =>
  db.select({ campaign: campaigns, createdByName: staffNameOf(campaigns.createdBy) }).from(campaigns);

/** Recipient rows per campaign and status. */
async function countsOf(db: Database, ids: number[]): Promise<Map<number, Record<string, number>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: campaignRecipients.campaignId, status: campaignRecipients.status, count: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status);
  const counts = new Map<number, Record<string, number>>();
  for (const row of rows) counts.set(row.campaignId, { ...counts.get(row.campaignId), [row.status]: Number(row.count) });
  return counts;
}

function toCampaign(row: CampaignWithAuthor, counts: Record<string, number>, audience: number): TCampaign {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    ...draftFieldsOf(row),
    status: row.status,
    created_by: row.createdBy === null ? null : { id: row.createdBy, name: row.createdByName ?? '' },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    send_started_at: iso(row.sendStartedAt),
    sent_at: iso(row.sentAt),
    cancelled_at: iso(row.cancelledAt),
    counts: {
      audience,
      sent: counts.sent ?? 0,
      skipped: counts.skipped ?? 0,
      queued: counts.queued ?? 0,
      cancelled: counts.cancelled ?? 0,
    },
  };
}

/** One campaign; a draft's audience is counted now (who would get it if it were sent), a sent one's is who it was queued for. */
export async function campaignById(deps: Pick<CampaignDeps, 'db'>, id: number): Promise<TCampaign> {
  const [found] = await selectWithAuthor(deps.db).where(eq(campaigns.id, id));
  if (!found) throw campaignNotFound();
  const row = { ...found.campaign, createdByName: found.createdByName };
  const audience =
    row.status === 'draft'
      ? await countMarketingAudience(deps.db, { kind: row.kind, siteId: row.siteId, language: row.language })
      : row.audienceCount;
  return toCampaign(row, (await countsOf(deps.db, [id])).get(id) ?? {}, audience);
}

/** The newest campaigns first (of one site, or of all), at most 200; drafts show 0 as their audience until opened. */
export async function listCampaigns(deps: Pick<CampaignDeps, 'db'>, siteId: number | undefined): Promise<TCampaign[]> {
  const found = await selectWithAuthor(deps.db)
    .where(siteId === undefined ? undefined : and(eq(campaigns.siteId, siteId)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(200);
  const counts = await countsOf(
    deps.db,
    found.map((f) => f.campaign.id),
  );
  return found.map((f) =>
    toCampaign({ ...f.campaign, createdByName: f.createdByName }, counts.get(f.campaign.id) ?? {}, f.campaign.audienceCount),
  );
}
