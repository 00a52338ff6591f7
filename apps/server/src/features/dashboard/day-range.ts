import { DASHBOARD_MAX_DAYS } from '@cupido/shared/contracts/dashboard';

/**
 * The dashboard's period and its per-day figures (issue 13). Days are UTC days: the figures of
 * all sites add up, whatever their time zones, and a day means the same on every chart.
 */
export interface DayRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD, included. */
  to: string;
}

export interface DayCount {
  day: string;
  count: number;
}

/** The period as the owners' read files take it: [start, end) in time, whole UTC days. */
export const boundsOf = (range: DayRange) => ({ start: dayStart(range.from), end: dayStart(addDays(range.to, 1)) });

const DAY_MS = 86_400_000;

export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => new Date(dayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** How many days the range holds, by arithmetic (NaN when either end is no day). */
export const dayCount = (range: DayRange) => Math.round((dayStart(range.to).getTime() - dayStart(range.from).getTime()) / DAY_MS) + 1;

/**
 * Every day of the range, oldest first. Counted, never compared as text: the day after
 * 9999-12-31 is '+010000-01-01', which sorts before it, and such a loop never ended (issue 27).
 * periodOf refuses longer periods first; this refuses them again rather than build them.
 */
export function daysOf(range: DayRange): string[] {
  const count = Math.max(0, dayCount(range));
  if (!(count <= DASHBOARD_MAX_DAYS)) throw new RangeError(`not a dashboard period: ${range.from}..${range.to}`);
  return Array.from({ length: count }, (_, i) => addDays(range.from, i));
}

/** The figures of each day of the range, 0 for days without rows. */
export function fillDays(range: DayRange, rows: DayCount[]): number[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return daysOf(range).map((day) => byDay.get(day) ?? 0);
}
