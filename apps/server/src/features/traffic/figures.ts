/**
 * The traffic figures (issue 31, decision 054): the daily counters of a period added up per group
 * (day, site, landing page, network or sub1), for one site or all, with the same filters for the
 * screen, its chart and the CSV export. Reads only traffic's own tables (and the sites' names).
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  TRAFFIC_COUNTS,
  TRAFFIC_DEFAULT_DAYS,
  TRAFFIC_MAX_DAYS,
  TRAFFIC_MAX_ROWS,
  type TTrafficAnswer,
  type TTrafficCount,
  type TTrafficGroup,
  type TTrafficRow,
} from '@cupido/shared/contracts/traffic-figures';
import type { z } from 'zod';
import type { ZTrafficQuery } from '@cupido/shared/contracts/traffic-figures';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open';
import { trafficDaily, trafficDailyRevenue } from '../../db/schema';
import { AppError } from '../../errors';
import { siteChoices } from '../sites/for-back-office';
import { addDays, dayCount, daysOf, fillDays, type DayRange } from '../dashboard/day-range';

export type TrafficQuery = z.output<typeof ZTrafficQuery>;
type Reader = Pick<Database, 'select'>;
type Counts = Record<TTrafficCount, number>;
type Revenue = TTrafficRow['revenue'];

const periodError = (code: string, params: Record<string, number> = {}) => new AppError(400, code, `staff.traffic.errors.${code}`, params);

/** The period asked for: the last TRAFFIC_DEFAULT_DAYS days up to today by default; at most TRAFFIC_MAX_DAYS days. */
export function trafficPeriod(query: Pick<TrafficQuery, 'from' | 'to'>, today: string): DayRange {
  const to = query.to ?? (query.from ? addDays(query.from, TRAFFIC_DEFAULT_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(TRAFFIC_DEFAULT_DAYS - 1));
  if (from > to) throw periodError('period_reversed');
  if (!(dayCount({ from, to }) <= TRAFFIC_MAX_DAYS)) throw periodError('period_too_long', { max: TRAFFIC_MAX_DAYS });
  return { from, to };
}

type Table = typeof trafficDaily | typeof trafficDailyRevenue;

/** The rows of the period, site and filters, in either table. */
function whereOf(table: Table, range: DayRange, query: TrafficQuery): SQL | undefined {
  return and(
    gte(table.day, range.from),
    lte(table.day, range.to),
    query.site_id === undefined ? undefined : eq(table.siteId, query.site_id),
    query.landing_page === undefined ? undefined : eq(table.landingPage, query.landing_page),
    query.network === undefined ? undefined : eq(table.network, query.network),
    query.sub1 === undefined ? undefined : eq(table.sub1, query.sub1),
  );
}

/** The group's value as text. */
function groupOf(table: Table, group: TTrafficGroup): SQL<string> {
  switch (group) {
    case 'day':
      return sql<string>`${table.day}::text`;
    case 'site':
      return sql<string>`${table.siteId}::text`;
    case 'landing_page':
      return sql<string>`${table.landingPage}`;
    case 'network':
      return sql<string>`${table.network}`;
    case 'sub1':
      return sql<string>`${table.sub1}`;
  }
}

const total = (column: SQL | AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::bigint`;
const countColumns = Object.fromEntries(TRAFFIC_COUNTS.map((name) => [name, total(trafficDaily[name])])) as Record<
  TTrafficCount,
  SQL<string>
>;
const countsOf = (row: Record<TTrafficCount, string | number>): Counts =>
  Object.fromEntries(TRAFFIC_COUNTS.map((name) => [name, Number(row[name])])) as Counts;

/** Counts per group: by day oldest first, otherwise the biggest groups (signups, then visits) first; `limit` + 1 to tell when more were left out. */
async function countsPerGroup(db: Reader, range: DayRange, query: TrafficQuery, group: TTrafficGroup, limit: number) {
  const key = groupOf(trafficDaily, group);
  const order = group === 'day' ? [asc(key)] : [desc(countColumns.signups), desc(countColumns.visits), asc(key)];
  const rows = await db
    .select({ key, ...countColumns })
    .from(trafficDaily)
    .where(whereOf(trafficDaily, range, query))
    .groupBy(key)
    .orderBy(...order)
    .limit(limit + 1);
  return rows.map((row) => ({ key: String(row.key), counts: countsOf(row) }));
}

async function revenuePerGroup(db: Reader, range: DayRange, query: TrafficQuery, group: TTrafficGroup): Promise<Map<string, Revenue>> {
  const key = groupOf(trafficDailyRevenue, group);
  const rows = await db
    .select({
      key,
      currency: trafficDailyRevenue.currency,
      amount: total(trafficDailyRevenue.amountMinor),
      payments: total(trafficDailyRevenue.payments),
    })
    .from(trafficDailyRevenue)
    .where(whereOf(trafficDailyRevenue, range, query))
    .groupBy(key, trafficDailyRevenue.currency)
    .orderBy(asc(trafficDailyRevenue.currency));
  const byKey = new Map<string, Revenue>();
  for (const row of rows) {
    const list = byKey.get(String(row.key)) ?? [];
    list.push({ currency: row.currency, amount_minor: Number(row.amount), payments: Number(row.payments) });
    byKey.set(String(row.key), list);
  }
  return byKey;
}

/** The revenue of all groups together, per currency. */
function sumRevenue(lists: Iterable<Revenue>): Revenue {
  const byCurrency = new Map<string, { amount_minor: number; payments: number }>();
  for (const list of lists) {
    for (const r of list) {
      const sum = byCurrency.get(r.currency) ?? { amount_minor: 0, payments: 0 };
      byCurrency.set(r.currency, { amount_minor: sum.amount_minor + r.amount_minor, payments: sum.payments + r.payments });
    }
  }
  return [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, ...sum }));
}

export interface TrafficRows {
  range: DayRange;
  rows: TTrafficRow[];
  truncated: boolean;
  sites: { id: number; name: string; domain: string }[];
}

/** The grouped rows of a query (at most `limit`), with their labels; a site that does not exist is a 404. */
export async function trafficRows(
  db: Reader,
  query: TrafficQuery,
  now: Date,
  limit: number,
): Promise<TrafficRows & { revenue: Map<string, Revenue> }> {
  const range = trafficPeriod(query, now.toISOString().slice(0, 10));
  const sites = await siteChoices(db);
  if (query.site_id !== undefined && !sites.some((s) => s.id === query.site_id))
    throw new AppError(404, 'site_not_found', 'staff.traffic.errors.site_not_found');
  const names = new Map(sites.map((s) => [String(s.id), s.name]));
  const counted = await countsPerGroup(db, range, query, query.group_by, limit);
  const revenue = await revenuePerGroup(db, range, query, query.group_by);
  const truncated = counted.length > limit;
  const rows = counted.slice(0, limit).map(({ key, counts }) => ({
    key,
    label: query.group_by === 'site' ? (names.get(key) ?? key) : key,
    ...counts,
    revenue: revenue.get(key) ?? [],
  }));
  return { range, rows, truncated, sites: sites.map(({ id, name, domain }) => ({ id, name, domain })), revenue };
}

export async function trafficFigures(db: Reader, query: TrafficQuery, now: Date): Promise<TTrafficAnswer> {
  const { range, rows, truncated, sites, revenue } = await trafficRows(db, query, now, TRAFFIC_MAX_ROWS);
  // The chart's days: the rows themselves when grouped by day, else one more sum per day.
  const perDay =
    query.group_by === 'day'
      ? rows
      : await countsPerGroup(db, range, query, 'day', TRAFFIC_MAX_DAYS).then((r) => r.map((d) => ({ key: d.key, ...d.counts })));
  const series = Object.fromEntries(
    TRAFFIC_COUNTS.map((name) => [
      name,
      fillDays(
        range,
        perDay.map((d) => ({ day: d.key, count: d[name] })),
      ),
    ]),
  ) as Record<TTrafficCount, number[]>;
  const totals = {
    ...(Object.fromEntries(TRAFFIC_COUNTS.map((name) => [name, series[name].reduce((a, b) => a + b, 0)])) as Counts),
    revenue: sumRevenue(revenue.values()),
  };
  return {
    site_id: query.site_id ?? null,
    from: range.from,
    to: range.to,
    group_by: query.group_by,
    rows,
    truncated,
    totals,
    days: daysOf(range),
    series,
    sites,
  };
}
