/**
 * What the dashboard (issue 13) reads of the operator console (issue 15): conversations answered
 * per operator and UTC day, and how long members waited for an answer (median and p90), over the
 * period, for one site or all. One operator_answers row is one answer.
 */
import { and, countDistinct, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { operatorAnswers } from '../../db/schema';

type Period = { start: Date; end: Date };

const inPeriod = (period: Period, siteId: number | null) =>
  and(
    gte(operatorAnswers.answeredAt, period.start),
    lt(operatorAnswers.answeredAt, period.end),
    siteId === null ? undefined : eq(operatorAnswers.siteId, siteId),
  );

/** Conversations, not answers: two replies in one conversation on one day count once for that operator. */
export async function answeredPerOperatorDay(
  db: Database,
  period: Period,
  siteId: number | null,
): Promise<{ staffId: number; day: string; count: number }[]> {
  const day = sql<string>`to_char(${operatorAnswers.answeredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ staffId: operatorAnswers.staffId, day, count: countDistinct(operatorAnswers.conversationId) })
    .from(operatorAnswers)
    .where(inPeriod(period, siteId))
    .groupBy(operatorAnswers.staffId, day)
    .orderBy(day, operatorAnswers.staffId);
}

/** Seconds from the member's first unanswered message to the answer, interpolated percentiles; null without answers. */
export async function answerSeconds(
  db: Database,
  period: Period,
  siteId: number | null,
): Promise<{ median: number; p90: number; count: number } | null> {
  const waited = sql`extract(epoch from ${operatorAnswers.answeredAt} - ${operatorAnswers.waitedSince})`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${waited})`,
      p90: sql<number | null>`percentile_cont(0.9) within group (order by ${waited})`,
    })
    .from(operatorAnswers)
    .where(inPeriod(period, siteId));
  if (!row || row.count === 0 || row.median === null || row.p90 === null) return null;
  return { median: Number(row.median), p90: Number(row.p90), count: Number(row.count) };
}
