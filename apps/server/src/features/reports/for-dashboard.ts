/** What the dashboard (issue 13) reads of reports: how many are open and since when the oldest waits. */
import { and, count, eq, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { reports } from '../../db/schema';

export async function openReportFigures(db: Database, profilesOfSite: SQL | null): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldestAt: min(reports.createdAt) })
    .from(reports)
    .where(and(eq(reports.status, 'open'), profilesOfSite === null ? undefined : sql`${reports.reportedProfileId} in ${profilesOfSite}`));
  return { count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
}
