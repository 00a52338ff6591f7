/**
 * The report queue's side of the reports feature (issue 13): moderation reads open reports here
 * and closes them with its decision. Reports of the same exact item (the profile, one photo of it,
 * or one message) are decided together: a decision closes every open one, so the queue does not
 * ask the same question twice. "Same item" compares photo and message ids null-safely.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { reports } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';
import { profileSiteIdOf } from '../profiles/moderation';

type Reader = Pick<Database, 'select' | 'selectDistinct'>;

export type ReportRow = typeof reports.$inferSelect;
export interface QueuedReport extends ReportRow {
  siteId: number;
  /** Open reports on the same item, this one included. */
  openOnItem: number;
}

/** The reports of the same item as `report` (SQL condition). */
function sameItemAs(report: Pick<ReportRow, 'reportedProfileId' | 'photoId' | 'messageId'>): SQL {
  return and(
    eq(reports.reportedProfileId, report.reportedProfileId),
    sql`${reports.photoId} is not distinct from ${report.photoId}`,
    sql`${reports.messageId} is not distinct from ${report.messageId}`,
  )!;
}

const queueColumns = {
  report: reports,
  siteId: profileSiteIdOf(reports.reportedProfileId),
  openOnItem: sql<number>`(select count(*)::int from ${reports} r2 where r2.status = 'open' and r2.reported_profile_id = ${reports.reportedProfileId}
    and r2.photo_id is not distinct from ${reports.photoId} and r2.message_id is not distinct from ${reports.messageId})`,
};

function toQueued(row: { report: ReportRow; siteId: number; openOnItem: number }): QueuedReport {
  return { ...row.report, siteId: Number(row.siteId), openOnItem: Number(row.openOnItem) };
}

/** Open reports, oldest first (reports_status_created_idx), of one site or of all. */
export async function openReports(db: Reader, input: { siteId?: number; limit: number }): Promise<QueuedReport[]> {
  const rows = await db
    .select(queueColumns)
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        input.siteId === undefined ? undefined : sql`${profileSiteIdOf(reports.reportedProfileId)} = ${input.siteId}`,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(input.limit);
  return rows.map(toQueued);
}

export async function reportById(db: Reader, id: number): Promise<QueuedReport | null> {
  const [row] = await db.select(queueColumns).from(reports).where(eq(reports.id, id));
  return row ? toQueued(row) : null;
}

/** The report, locked for its decision (a second decider waits, then sees it closed). */
export async function lockReport(tx: Tx, id: number): Promise<ReportRow | null> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row ?? null;
}

/** Closes the report and every other open report of the same item with the decision; answers their ids. */
export async function closeReportsOfItem(tx: Tx, report: ReportRow, decisionId: number): Promise<number[]> {
  const rows = await tx
    .update(reports)
    .set({ status: 'closed', decisionId })
    .where(and(eq(reports.status, 'open'), sameItemAs(report)))
    .returning({ id: reports.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The members who reported what a decision closed (each is told the outcome). */
export async function reportersOfDecision(db: Reader, decisionId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: reports.reporterUserId })
    .from(reports)
    .where(and(eq(reports.decisionId, decisionId), isNotNull(reports.reporterUserId)));
  return rows.map((r) => r.userId!);
}

/** The report ids a decision closed. */
export async function reportsOfDecisions(db: Reader, decisionIds: number[]): Promise<ReportRow[]> {
  if (decisionIds.length === 0) return [];
  return db.select().from(reports).where(inArray(reports.decisionId, decisionIds));
}

/** The text of the reported message each decision is about (its snapshot in the report), by decision id. */
export async function reportedMessageTexts(db: Reader, decisionIds: number[]): Promise<Map<number, string>> {
  if (decisionIds.length === 0) return new Map();
  const rows = await db
    .select({ decisionId: reports.decisionId, text: reports.messageText })
    .from(reports)
    .where(and(inArray(reports.decisionId, decisionIds), isNotNull(reports.messageText)));
  return new Map(rows.map((r) => [r.decisionId!, r.text!]));
}
