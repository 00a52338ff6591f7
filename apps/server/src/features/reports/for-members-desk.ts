/** What the back office's members desk reads of reports (issue 13): those a member filed, and those about their profile. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { reports } from '../../db/schema';

type Reader = Pick<Database, 'select'>;
const DESK_REPORTS = 100;

export async function reportsFiledByForDesk(db: Reader, userId: number) {
  return db.select().from(reports).where(eq(reports.reporterUserId, userId)).orderBy(desc(reports.id)).limit(DESK_REPORTS);
}

export async function reportsAboutForDesk(db: Reader, profileId: number) {
  return db.select().from(reports).where(eq(reports.reportedProfileId, profileId)).orderBy(desc(reports.id)).limit(DESK_REPORTS);
}
