/**
 * What the dashboard (issue 13) reads of likes: likes given per UTC day by the profiles of a
 * scope (a subquery of profile ids from profiles/for-dashboard.ts). A like taken back is gone
 * from the table, so the figure is the likes of that day that still stand; the append-only
 * like_grants keep only two days and cannot answer for a period.
 */
import { and, count, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { likes } from '../../db/schema';

export async function likesPerDay(
  db: Database,
  period: { start: Date; end: Date },
  likerProfiles: SQL,
): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`to_char(${likes.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count() })
    .from(likes)
    .where(and(gte(likes.createdAt, period.start), lt(likes.createdAt, period.end), sql`${likes.fromProfileId} in ${likerProfiles}`))
    .groupBy(day);
}
