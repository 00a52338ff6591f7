/**
 * What the dashboard (issue 13) reads of accounts: signups, activations and active members per
 * UTC day, and the accounts of a site for other features' figures. Read only.
 */
import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open';
import { memberActiveDays, users } from '../../db/schema';

/** A period of whole UTC days: from `start` (included) to `end` (excluded). */
export interface PeriodBounds {
  start: Date;
  end: Date;
}
export interface DayFigure {
  day: string;
  count: number;
}

const utcDay = (column: PgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

async function accountsPerDay(db: Database, column: PgColumn, period: PeriodBounds, siteId: number | null): Promise<DayFigure[]> {
  const day = utcDay(column);
  return db
    .select({ day, count: count() })
    .from(users)
    .where(and(gte(column, period.start), lt(column, period.end), siteId === null ? undefined : eq(users.siteId, siteId)))
    .groupBy(day);
}

export const signupsPerDay = (db: Database, period: PeriodBounds, siteId: number | null) =>
  accountsPerDay(db, users.createdAt, period, siteId);

export const activationsPerDay = (db: Database, period: PeriodBounds, siteId: number | null) =>
  accountsPerDay(db, users.activatedAt, period, siteId);

/** Members with at least one logged-in request that day (member_active_days, by its (site_id, day) index). */
export async function activeMembersPerDay(db: Database, period: PeriodBounds, siteId: number | null): Promise<DayFigure[]> {
  const first = period.start.toISOString().slice(0, 10);
  const afterLast = period.end.toISOString().slice(0, 10);
  const rows = await db
    .select({ day: memberActiveDays.day, count: count() })
    .from(memberActiveDays)
    .where(
      and(
        gte(memberActiveDays.day, first),
        lt(memberActiveDays.day, afterLast),
        siteId === null ? undefined : eq(memberActiveDays.siteId, siteId),
      ),
    )
    .groupBy(memberActiveDays.day);
  return rows.map((r) => ({ day: String(r.day).slice(0, 10), count: r.count }));
}

/** The ids of a site's accounts, as a subquery for another feature's figures (credits spent on the site). */
export function accountsOfSite(siteId: number): SQL {
  return sql`(select ${users.id} from ${users} where ${users.siteId} = ${siteId})`;
}
