/** The complaints feature's part of "Download my data": the complaints the member filed while logged in, oldest first. */
import { asc, eq } from 'drizzle-orm';
import { complaintReference } from '@cupido/shared/rules/complaints';
import { complaints } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const complaintsDataPart = dataExportPart('complaints', async ({ db }, userId) => {
  const rows = await db.select().from(complaints).where(eq(complaints.userId, userId)).orderBy(asc(complaints.id));
  return rows.map((row) => ({
    reference: complaintReference(row.id),
    topic: row.topic,
    name: row.name,
    email: row.email,
    text: row.text,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  }));
});
