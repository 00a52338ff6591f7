/**
 * The back office's side of complaints: staff read the open ones, oldest first, and mark one
 * answered with a note once they have written back to the complainant. The mark and its audit
 * entry are one transaction; a second staff member marking the same complaint gets 409.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { complaintReference, type TComplaintTopic } from '@cupido/shared/rules/complaints';
import { type TComplaintQueueItem } from '@cupido/shared/contracts/complaints';
import type { Database } from '../../db/open';
import { complaints } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordStaffAction } from '../audit/service';

/** The most complaints one queue page shows (the oldest first: they wait longest). */
export const COMPLAINT_QUEUE_PAGE = 50;

const staffError = (status: number, code: string) => new AppError(status, code, `staff.reports.errors.${code}`);

type ComplaintRow = typeof complaints.$inferSelect;

function toQueueItem(row: ComplaintRow): TComplaintQueueItem {
  return {
    id: row.id,
    reference: complaintReference(row.id),
    site_id: row.siteId,
    topic: row.topic as TComplaintTopic,
    name: row.name,
    email: row.email,
    text: row.text,
    locale: row.locale,
    user_id: row.userId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    note: row.note,
  };
}

/** Open complaints, oldest first (complaints_status_created_idx), of one site or of all. */
export async function openComplaints(db: Database, input: { siteId?: number; limit?: number }): Promise<TComplaintQueueItem[]> {
  const bySite: SQL | undefined = input.siteId === undefined ? undefined : eq(complaints.siteId, input.siteId);
  const rows = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.status, 'open'), bySite))
    .orderBy(asc(complaints.createdAt), asc(complaints.id))
    .limit(input.limit ?? COMPLAINT_QUEUE_PAGE);
  return rows.map(toQueueItem);
}

/** Marks the complaint answered with staff's note, in the audit log too. */
export async function markComplaintAnswered(
  deps: { db: Database; clock: Clock },
  staffId: number,
  complaintId: number,
  input: { note: string },
): Promise<void> {
  const note = input.note.trim();
  if (!note) throw staffError(400, 'complaint_note_required');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update');
    if (!row) throw staffError(404, 'complaint_not_found');
    if (row.status !== 'open') throw staffError(409, 'complaint_already_answered');
    await tx
      .update(complaints)
      .set({ status: 'answered', answeredAt: now, answeredBy: staffId, note })
      .where(eq(complaints.id, complaintId));
    await recordStaffAction(
      tx,
      {
        staffId,
        action: 'complaint.answered',
        itemType: 'complaint',
        itemId: complaintId,
        siteId: row.siteId,
        before: { status: 'open' },
        after: { status: 'answered', note },
      },
      now,
    );
  });
}
