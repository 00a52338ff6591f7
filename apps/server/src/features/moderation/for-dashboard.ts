/** What the dashboard (issue 13) reads of moderation: open appeals and the oldest one's age, per site of the decision appealed. */
import { and, count, eq, min } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { appeals, moderationDecisions } from '../../db/schema';

export async function openAppealFigures(db: Database, siteId: number | null): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldestAt: min(appeals.createdAt) })
    .from(appeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .where(and(eq(appeals.status, 'open'), siteId === null ? undefined : eq(moderationDecisions.siteId, siteId)));
  return { count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
}
