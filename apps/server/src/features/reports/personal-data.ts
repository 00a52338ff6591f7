/** The reports feature's part of "Download my data": the reports the member made, oldest first. */
import { asc, eq } from 'drizzle-orm';
import { reports } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const reportsDataPart = dataExportPart('reports', async ({ db }, userId) => {
  const rows = await db.select().from(reports).where(eq(reports.reporterUserId, userId)).orderBy(asc(reports.id));
  return rows.map((row) => ({
    id: row.id,
    reported_profile_id: row.reportedProfileId,
    photo_id: row.photoId,
    reason: row.reason,
    text: row.text,
    good_faith: row.goodFaith,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }));
});
