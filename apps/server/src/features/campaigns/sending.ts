/**
 * What staff do with a campaign besides writing it (decision 043): preview the mail as a member
 * gets it, send a test to their own address, send it to the audience (once), cancel it. Each
 * state change and each test send is written to the audit log in its transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TCampaign, TCampaignPreview } from '@cupido/shared/contracts/campaigns';
import { executePrepared } from '../../db/prepared';
import { campaignRecipients, campaigns } from '../../db/schema';
import { AppError } from '../../errors';
import { recordStaffAction } from '../audit/service';
import { countMarketingAudience, marketingAudience } from '../notifications/marketing-audience';
import type { StaffPrincipal } from '../staff/sessions';
import type { CampaignDeps } from './campaign-deps';
import { CAMPAIGN_BATCH_SIZE, composeCampaignMail, type CampaignDelivery } from './delivery';
import { campaignById, campaignNotFound, checkDraft, type CampaignDraft, type CampaignRow } from './drafts';

const alreadySent = (status: string) => new AppError(409, 'campaign_already_sent', 'staff.campaigns.errors.already_sent', { status });

const draftRow = (draft: CampaignDraft) => ({
  id: null,
  kind: draft.kind,
  language: draft.language,
  subject: draft.subject,
  body: draft.body,
  link: draft.link,
  buttonLabel: draft.button_label,
});

/** The mail of a draft (stored or not) as a member of its audience gets it, greeting the staff member by name; and how many would get it now. Stores nothing. */
export async function previewCampaign(
  deps: CampaignDeps,
  staff: Pick<StaffPrincipal, 'name'>,
  draft: CampaignDraft,
): Promise<TCampaignPreview> {
  const site = await checkDraft(deps, draft);
  const mail = await composeCampaignMail(
    deps,
    draftRow(draft),
    site,
    await deps.sites.company(site),
    { userId: null, name: staff.name },
    deps.clock(),
  );
  const audience = await countMarketingAudience(deps.db, { kind: draft.kind, siteId: draft.site_id, language: draft.language });
  return { subject: mail.rendered.subject, html: mail.rendered.html, text: mail.rendered.text, audience };
}

async function campaignRow(deps: Pick<CampaignDeps, 'db'>, id: number): Promise<CampaignRow> {
  const [row] = await deps.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw campaignNotFound();
  return row;
}

/** The campaign's mail, through the real mailer, to the staff member's own address and nowhere else. */
export async function testSendCampaign(
  deps: CampaignDeps,
  staff: Pick<StaffPrincipal, 'id' | 'name' | 'email'>,
  id: number,
): Promise<{ to: string }> {
  const campaign = await campaignRow(deps, id);
  const site = await checkDraft(deps, { site_id: campaign.siteId, link: campaign.link });
  const now = deps.clock();
  const mail = await composeCampaignMail(deps, campaign, site, await deps.sites.company(site), { userId: null, name: staff.name }, now);
  await deps.db.transaction(async (tx) => {
    await recordStaffAction(
      tx,
      {
        staffId: staff.id,
        action: 'campaign.test_send',
        itemType: 'campaign',
        itemId: id,
        siteId: campaign.siteId,
        after: { to: staff.email },
      },
      now,
    );
    await deps.mailer.send({
      to: staff.email,
      fromName: site.name,
      fromAddress: site.supportEmail,
      subject: `[Test] ${mail.rendered.subject}`,
      text: mail.rendered.text,
      html: mail.rendered.html,
      links: mail.links,
      headers: mail.headers,
    });
  });
  return { to: staff.email };
}

/**
 * Sends a draft: in one transaction the campaign becomes `sending` and its audience is written
 * down, numbered into batches; after the commit the batch jobs are queued. Sent, sending or
 * cancelled: 409. Nobody in the audience: 409, nothing changes.
 */
export async function sendCampaign(deps: CampaignDeps, delivery: CampaignDelivery, staffId: number, id: number): Promise<TCampaign> {
  const now = deps.clock();
  const existing = await campaignRow(deps, id);
  if (existing.status !== 'draft') throw alreadySent(existing.status);
  // The site's domain may have changed since the draft was written: its link must still be the site's.
  await checkDraft(deps, { site_id: existing.siteId, link: existing.link });
  await deps.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!campaign) throw campaignNotFound();
    if (campaign.status !== 'draft') throw alreadySent(campaign.status);
    const audience = marketingAudience({ kind: campaign.kind, siteId: campaign.siteId, language: campaign.language });
    const [inserted] = await executePrepared<{ count: number }>(
      tx,
      sql`with inserted as (
        insert into ${campaignRecipients} (campaign_id, user_id, batch, status)
        select ${id}, user_id, ((row_number() over (order by user_id)) - 1) / ${CAMPAIGN_BATCH_SIZE}, 'queued' from (${audience}) audience
        returning 1
      ) select count(*)::int as count from inserted`,
    );
    const count = Number(inserted?.count ?? 0);
    if (count === 0) throw new AppError(409, 'campaign_audience_empty', 'staff.campaigns.errors.audience_empty');
    await tx
      .update(campaigns)
      .set({ status: 'sending', audienceCount: count, sendStartedAt: now, updatedAt: now })
      .where(eq(campaigns.id, id));
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'campaign.send',
        itemType: 'campaign',
        itemId: id,
        siteId: campaign.siteId,
        before: { status: 'draft' },
        after: { status: 'sending', audience: count },
      },
      now,
    );
  });
  await delivery.queueBatches(id);
  return campaignById(deps, id);
}

/** Stops a draft or a sending campaign: what is not sent yet stays unsent. Sent or cancelled already: 409. */
export async function cancelCampaign(deps: CampaignDeps, staffId: number, id: number): Promise<TCampaign> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!campaign) throw campaignNotFound();
    if (campaign.status !== 'draft' && campaign.status !== 'sending')
      throw new AppError(409, 'campaign_not_cancellable', 'staff.campaigns.errors.not_cancellable', { status: campaign.status });
    await tx.update(campaigns).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(campaigns.id, id));
    const stopped = await tx
      .update(campaignRecipients)
      .set({ status: 'cancelled', doneAt: now })
      .where(and(eq(campaignRecipients.campaignId, id), inArray(campaignRecipients.status, ['queued'])))
      .returning({ userId: campaignRecipients.userId });
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'campaign.cancel',
        itemType: 'campaign',
        itemId: id,
        siteId: campaign.siteId,
        before: { status: campaign.status },
        after: { status: 'cancelled', not_sent: stopped.length },
      },
      now,
    );
  });
  return campaignById(deps, id);
}
