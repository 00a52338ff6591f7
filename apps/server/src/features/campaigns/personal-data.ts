/**
 * The campaigns feature's part of "Download my data" (issue 30, decision 043): the promotions and
 * news the member was queued for, with what became of each (sent, skipped, cancelled).
 */
import { desc, eq } from 'drizzle-orm';
import { campaignRecipients, campaigns } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const campaignMailsDataPart = dataExportPart('campaign_mails', async ({ db }, userId) => {
  const rows = await db
    .select({ kind: campaigns.kind, subject: campaigns.subject, status: campaignRecipients.status, at: campaignRecipients.doneAt })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(eq(campaignRecipients.userId, userId))
    .orderBy(desc(campaigns.id));
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, status: row.status, at: row.at?.toISOString() ?? null }));
});
