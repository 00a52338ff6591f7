/**
 * The operator console's part of "Download my data" (issue 15): what staff keep about the member
 * for their conversations with fictional profiles. The notes are about the member, so they are
 * the member's data too (GDPR art. 15), and so is the vulnerability flag with its signals; the
 * staff who wrote them are not named (as in the chat, members never see staff names).
 */
import { desc, eq } from 'drizzle-orm';
import { operatorNotes, vulnerableMembers } from '../../db/schema';
import { dataExportPart } from '../personal-data/registry';

export const operatorCareDataPart = dataExportPart('operator_care', async ({ db, profileId }) => {
  if (profileId === null) return { vulnerability: null, notes: [] };
  const [flag] = await db.select().from(vulnerableMembers).where(eq(vulnerableMembers.memberProfileId, profileId));
  const notes = await db
    .select()
    .from(operatorNotes)
    .where(eq(operatorNotes.memberProfileId, profileId))
    .orderBy(desc(operatorNotes.updatedAt));
  return {
    vulnerability: flag
      ? { signals: flag.signals, marked_by_staff: flag.markedByStaffId !== null, flagged_at: flag.flaggedAt.toISOString() }
      : null,
    notes: notes.map((row) => ({ fictional_profile_id: row.fictionalProfileId, note: row.body, updated_at: row.updatedAt.toISOString() })),
  };
});
