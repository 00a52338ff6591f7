/**
 * Sending a campaign (decision 043). Sending a draft writes one campaign_recipients row per member
 * of the audience, numbered into batches, in the transaction that moves it to `sending`; after
 * the commit one `campaign_batch` job per batch is queued under an id made from campaign and
 * batch, so it is queued once however often it is asked for (every process, `campaign_resume`).
 *
 * A batch job asks again for each member whether the campaign may go to them and by which
 * channels (by mail: they may get mail and are opted in by e-mail; by push: they may get pushes,
 * are opted in by push and have a browser; same site and language; else the row is `skipped`),
 * holds those in their quiet hours for a job at the end of them, and takes a slot of the site's
 * throttle (CAMPAIGN_MAILS_PER_MINUTE, a slot per member told, counted across processes by the
 * rate limiter): without one, the rest of the batch is queued again for the next minute. The row
 * moves from `queued` to `sent` in the transaction that sends, so a member gets a campaign once,
 * whatever job runs twice (the push is queued after that commit under an id made from campaign
 * and browser); cancelled rows are never claimed. The job that finds no queued row left marks the
 * campaign `sent`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TCampaignKind } from '@cupido/shared/contracts/campaigns';
import type { TPushMessage } from '@cupido/shared/contracts/push';
import type { Database } from '../../db/open';
import { campaignRecipients, campaigns } from '../../db/schema';
import { workJobId, type JobDefinition } from '../../infra/jobs';
import { recordStaffAction } from '../audit/service';
import { marketingRecipient, type MarketingRecipient } from '../notifications/marketing-audience';
import { mailBrand } from '../notifications/notification-mail';
import { PUSH_TTL_SECONDS, PUSH_URGENCY, vapidSubject } from '../notifications/push-notification';
import { quietHoursEndFor } from '../notifications/scheduled-mails';
import { unsubscribeLinks } from '../notifications/unsubscribe-link';
import { profilesForNotifications } from '../profiles/for-notifications';
import { siteOrigin } from '../sites/public-origin';
import type { Company, Site } from '../sites/service';
import type { CampaignDeps } from './campaign-deps';
import { renderCampaignMail, type RenderedCampaignMail } from './campaign-mail';
import type { CampaignRow } from './drafts';

export const CAMPAIGN_BATCH_JOB = 'campaign_batch';
export const CAMPAIGN_RESUME_JOB = 'campaign_resume';
/** Members per batch job: a job's run stays short, and a retry repeats little. */
export const CAMPAIGN_BATCH_SIZE = 100;
/** The default of CAMPAIGN_MAILS_PER_MINUTE: per site, across processes. */
export const CAMPAIGN_MAILS_PER_MINUTE = 300;
const THROTTLE_WINDOW_MS = 60_000;
/** A push shows two or three lines on a lock screen: the start of the text, the rest in the app or the mail. */
const CAMPAIGN_PUSH_BODY_LENGTH = 160;

export interface CampaignBatchJob {
  campaignId: number;
  batch: number;
  /** The members left to mail when the job was queued again (throttled, or held for quiet hours); else the batch's queued rows. */
  userIds?: number[];
  /** Queued at the end of these members' quiet hours: send then. */
  afterQuietHours?: boolean;
}

export interface CampaignDelivery {
  batch: JobDefinition<CampaignBatchJob>;
  resume: JobDefinition;
  /** Queues the batch jobs of a sending campaign's queued rows (each once); answers how many batches it named. */
  queueBatches(campaignId: number): Promise<number>;
}

export function campaignDelivery(deps: CampaignDeps): CampaignDelivery {
  const batch: JobDefinition<CampaignBatchJob> = {
    name: CAMPAIGN_BATCH_JOB,
    run: (data, context) => sendBatch(deps, batch, data, context.jobId),
  };
  const queueBatches = async (campaignId: number) => {
    const batches = await deps.db
      .selectDistinct({ batch: campaignRecipients.batch })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'queued')));
    for (const { batch: number } of batches)
      await deps.jobs.send(batch, { campaignId, batch: number }, { id: workJobId(CAMPAIGN_BATCH_JOB, campaignId, number) });
    return batches.length;
  };
  // A process that stopped between the commit and the queueing leaves a campaign sending with no job: this queues what is missing.
  const resume: JobDefinition = {
    name: CAMPAIGN_RESUME_JOB,
    cron: '*/10 * * * *',
    run: async () => {
      const sending = await deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, 'sending'));
      for (const { id } of sending) await queueBatches(id);
    },
  };
  return { batch, resume, queueBatches };
}

export interface ComposedCampaignMail {
  rendered: RenderedCampaignMail;
  headers: Record<string, string>;
  links: string[];
}

/** The visit's source on a campaign's links (spec section 4's tracking): e-mail, the kind, the campaign. */
function tracked(link: string, campaign: { id: number | null; kind: TCampaignKind }): string {
  const url = new URL(link);
  url.searchParams.set('network', 'email');
  url.searchParams.set('sub1', campaign.kind);
  if (campaign.id !== null) url.searchParams.set('sub2', `campaign-${campaign.id}`);
  return url.toString();
}

/**
 * The mail of a campaign as one member gets it, or as the preview and the test send show it
 * (`userId` null: the unsubscribe links carry a token no member has, which changes nothing).
 */
export async function composeCampaignMail(
  deps: Pick<CampaignDeps, 'db' | 'publicOrigin'>,
  campaign: Pick<CampaignRow, 'kind' | 'language' | 'subject' | 'body' | 'link' | 'buttonLabel'> & { id: number | null },
  site: Site,
  company: Company,
  recipient: { userId: number | null; name: string },
  now: Date,
): Promise<ComposedCampaignMail> {
  const origin = siteOrigin(site.domain, deps.publicOrigin);
  const links =
    recipient.userId === null
      ? { page: `${origin}/unsubscribe?token=preview`, oneClick: `${origin}/api/unsubscribe.php?token=preview` }
      : await unsubscribeLinks(deps.db, origin, recipient.userId, campaign.kind, now);
  const button = campaign.link && campaign.buttonLabel ? { link: tracked(campaign.link, campaign), label: campaign.buttonLabel } : null;
  const rendered = await renderCampaignMail({
    kind: campaign.kind,
    locale: campaign.language,
    recipientName: recipient.name,
    subject: campaign.subject,
    body: campaign.body,
    button,
    ...mailBrand(site, company, campaign.language),
    unsubscribeLink: links.page,
    settingsLink: `${origin}/notifications?network=email&sub1=${campaign.kind}`,
  });
  return {
    rendered,
    // RFC 8058, as every notification mail: the mail app's one-click unsubscribe turns this kind off.
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    links: button ? [button.link] : [],
  };
}

async function stillQueued(db: Database, campaignId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: campaignRecipients.status })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.userId, userId)));
  return row?.status === 'queued';
}

/** A row that will not be mailed: left as it is unless still queued. */
async function settle(db: Database, campaignId: number, userId: number, status: 'skipped', now: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status, doneAt: now })
    .where(
      and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.userId, userId), eq(campaignRecipients.status, 'queued')),
    );
}

/**
 * A campaign as a push (decision 040, "The other kinds"): its subject, the start of its text, and its link's page
 * (on the site, as checkDraft made sure) with the push's tracking; the site's home without a link.
 */
export function campaignPush(campaign: Pick<CampaignRow, 'id' | 'kind' | 'subject' | 'body' | 'link'>): TPushMessage {
  const target = campaign.link ? new URL(campaign.link) : new URL('https://site.invalid/');
  target.searchParams.set('network', 'push');
  target.searchParams.set('sub1', campaign.kind);
  target.searchParams.set('sub2', `campaign-${campaign.id}`);
  const checkUrl = `${target.pathname}${target.search}`;
  const firstParagraph = campaign.body
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
  return {
    kind: campaign.kind,
    title: campaign.subject,
    body:
      firstParagraph.length > CAMPAIGN_PUSH_BODY_LENGTH
        ? `${firstParagraph.slice(0, CAMPAIGN_PUSH_BODY_LENGTH - 1).trimEnd()}…`
        : firstParagraph,
    tag: `campaign:${campaign.id}`,
    checkUrl,
    openUrl: `/login?redirect=${encodeURIComponent(checkUrl)}`,
  };
}

/** Tells one member by the channels they chose: the mail in the transaction that claims their row, the push after its commit. */
async function tellMember(
  deps: CampaignDeps,
  campaign: CampaignRow,
  site: Site,
  company: Company,
  { recipient, channels }: MarketingRecipient,
  now: Date,
): Promise<void> {
  const name = (await profilesForNotifications(deps.db, [recipient.profileId])).get(recipient.profileId)?.name ?? '';
  const mail = channels.email ? await composeCampaignMail(deps, campaign, site, company, { userId: recipient.userId, name }, now) : null;
  // The row is claimed with the send: a failed send rolls it back and the job's retry tries again; a claimed one is never sent again.
  const claimed = await deps.db.transaction(async (tx) => {
    const [claim] = await tx
      .update(campaignRecipients)
      .set({ status: 'sent', doneAt: now })
      .where(
        and(
          eq(campaignRecipients.campaignId, campaign.id),
          eq(campaignRecipients.userId, recipient.userId),
          eq(campaignRecipients.status, 'queued'),
        ),
      )
      .returning({ userId: campaignRecipients.userId });
    if (!claim) return false;
    if (!mail) return true;
    await deps.mailer.send({
      to: recipient.email,
      fromName: site.name,
      fromAddress: site.supportEmail,
      subject: mail.rendered.subject,
      text: mail.rendered.text,
      html: mail.rendered.html,
      links: mail.links,
      headers: mail.headers,
    });
    return true;
  });
  if (claimed && channels.push) {
    await deps.push.pushToMember(recipient.userId, {
      message: campaignPush(campaign),
      collapseKey: `campaign:${campaign.id}`,
      newsKey: `campaign:${campaign.id}`,
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: PUSH_URGENCY[campaign.kind],
      subject: vapidSubject(site),
    });
  }
}

export async function sendBatch(
  deps: CampaignDeps,
  definition: JobDefinition<CampaignBatchJob>,
  job: CampaignBatchJob,
  jobId: string,
): Promise<void> {
  const now = deps.clock();
  const [campaign] = await deps.db.select().from(campaigns).where(eq(campaigns.id, job.campaignId));
  if (campaign?.status !== 'sending') return;
  const userIds =
    job.userIds ??
    (
      await deps.db
        .select({ userId: campaignRecipients.userId })
        .from(campaignRecipients)
        .where(
          and(
            eq(campaignRecipients.campaignId, campaign.id),
            eq(campaignRecipients.batch, job.batch),
            eq(campaignRecipients.status, 'queued'),
          ),
        )
        .orderBy(campaignRecipients.userId)
    ).map((row) => row.userId);
  const site = await deps.sites.byId(campaign.siteId);
  if (!site) return;
  const company = await deps.sites.company(site);
  const heldForQuietHours = new Map<string, number[]>();
  for (const [index, userId] of userIds.entries()) {
    // Sent by a duplicate of this job, skipped or cancelled meanwhile: no throttle slot for it.
    if (!(await stillQueued(deps.db, campaign.id, userId))) continue;
    const told = await marketingRecipient(deps.db, userId, campaign.kind);
    if (!told || told.recipient.siteId !== campaign.siteId || told.recipient.language !== campaign.language) {
      await settle(deps.db, campaign.id, userId, 'skipped', now);
      continue;
    }
    const quietEnd = job.afterQuietHours ? null : await quietHoursEndFor(deps, told.recipient, now);
    if (quietEnd) {
      heldForQuietHours.set(quietEnd.toISOString(), [...(heldForQuietHours.get(quietEnd.toISOString()) ?? []), userId]);
      continue;
    }
    const slot = await deps.limiter.hit(`campaign-mails:site:${campaign.siteId}`, deps.mailsPerMinute, THROTTLE_WINDOW_MS);
    if (!slot.allowed) {
      // The site's mails for this minute are out: the rest waits for the next one (the id from this job's, so a retry queues it once).
      const rest = { ...job, userIds: userIds.slice(index) };
      await deps.jobs.send(definition, rest, {
        id: workJobId(CAMPAIGN_BATCH_JOB, jobId, 'throttled', slot.resetAt.toISOString()),
        startAfter: slot.resetAt,
      });
      break;
    }
    await tellMember(deps, campaign, site, company, told, now);
  }
  for (const [end, held] of heldForQuietHours) {
    await deps.jobs.send(
      definition,
      { ...job, userIds: held, afterQuietHours: true },
      { id: workJobId(CAMPAIGN_BATCH_JOB, jobId, 'after-quiet-hours', end), startAfter: new Date(end) },
    );
  }
  await finishIfDone(deps, campaign.id, now);
}

/** The campaign is `sent` once no row waits any more (the last job to finish sees that; the audit log says so). */
export async function finishIfDone(deps: Pick<CampaignDeps, 'db'>, campaignId: number, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(campaigns)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.status, 'sending'),
          sql`not exists (select 1 from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.status} = 'queued')`,
        ),
      )
      .returning({ id: campaigns.id, siteId: campaigns.siteId });
    if (!done) return;
    // No staff member acts here: the queue finished what the send started.
    await recordStaffAction(
      tx,
      {
        staffId: null,
        action: 'campaign.sent',
        itemType: 'campaign',
        itemId: campaignId,
        siteId: done.siteId,
        before: { status: 'sending' },
        after: { status: 'sent' },
      },
      now,
    );
  });
}
