/** Test helpers of the campaigns feature: opted-in members on sites of their own, and the staff calls. */
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZCampaign, type TCampaign, type TCampaignDraft } from '@cupido/shared/contracts/campaigns';
import { auditLog, campaigns } from '../../../db/schema';
import type { AccountsTestApp } from '../../../test/accounts-kit';
import { staffSend, type TestStaff } from '../../audit/test/audit-test-kit';
import { activeMemberOn, newSite, send } from '../../profiles/test/profiles-test-kit';

export type CampaignMember = Awaited<ReturnType<typeof activeMemberOn>>;

export function campaignKit(t: AccountsTestApp) {
  /** An active member of the site in `language`, opted in to these kinds by e-mail. */
  async function member(domain: string, language: string, optIn: ('promotions' | 'news')[] = []): Promise<CampaignMember> {
    const created = await activeMemberOn(t, domain, { language });
    for (const kind of optIn) {
      const response = await send(
        t,
        'PUT',
        `/api/notification-settings.php?domain=${domain}`,
        { kind, channel: 'email', enabled: true },
        created.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    return created;
  }

  /** A new site with `count` English members opted in to promotions (the mailbox emptied of their activation mails). */
  async function siteWithOptedIn(count: number) {
    const site = await newSite(t);
    const members: CampaignMember[] = [];
    for (let i = 0; i < count; i++) members.push(await member(site.domain, 'en', ['promotions']));
    t.smtp.clear(); // their activation mails
    return { ...site, members };
  }

  const draft = (siteId: number, domain: string, overrides: Partial<TCampaignDraft> = {}): TCampaignDraft => ({
    kind: 'promotions',
    site_id: siteId,
    language: 'en',
    subject: 'Half price this weekend',
    body: 'All credit packages are half price until Sunday.\n\nSee you soon!',
    link: `https://${domain}/credits`,
    button_label: 'See the offers',
    ...overrides,
  });

  async function created(staff: TestStaff, body: TCampaignDraft): Promise<TCampaign> {
    const response = await staffSend(t, staff, 'POST', '/admin/api/campaigns', body);
    expect(response.statusCode, response.body).toBe(201);
    return ZCampaign.parse(response.json());
  }

  async function sent(staff: TestStaff, id: number): Promise<TCampaign> {
    const response = await staffSend(t, staff, 'POST', `/admin/api/campaigns/${id}/send`);
    expect(response.statusCode, response.body).toBe(200);
    return ZCampaign.parse(response.json());
  }

  async function statusOf(id: number) {
    const [row] = await t.database.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
    return row?.status;
  }

  async function auditActions(id: number): Promise<string[]> {
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.itemType, 'campaign'), eq(auditLog.itemId, String(id))))
      .orderBy(auditLog.id);
    return rows.map((row) => row.action);
  }

  return { member, siteWithOptedIn, draft, created, sent, statusOf, auditActions };
}
