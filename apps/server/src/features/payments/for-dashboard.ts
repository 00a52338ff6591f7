/**
 * What the dashboard (issue 13; revenue since issue 14) reads of payments: payments paid per UTC
 * day, and net revenue (paid less refunds and chargebacks booked that day) per UTC day and
 * currency, for one site or all. Currencies are never added together.
 */
import type { Database } from '../../db/open';
import { paidPerDay, refundedPerDay } from './finance/queries';

type Period = { start: Date; end: Date };

export async function paymentsPaidPerDay(db: Database, period: Period, siteId: number | null): Promise<{ day: string; count: number }[]> {
  const byDay = new Map<string, number>();
  for (const row of await paidPerDay(db, period, siteId)) byDay.set(row.day, (byDay.get(row.day) ?? 0) + Number(row.count));
  return [...byDay].map(([day, count]) => ({ day, count }));
}

/** Per currency (alphabetical), the net amount per day in its minor units. */
export async function netRevenuePerDay(
  db: Database,
  period: Period,
  siteId: number | null,
): Promise<{ currency: string; days: { day: string; count: number }[] }[]> {
  const byCurrency = new Map<string, Map<string, number>>();
  const add = (currency: string, day: string, amount: number) => {
    const days = byCurrency.get(currency) ?? new Map<string, number>();
    days.set(day, (days.get(day) ?? 0) + amount);
    byCurrency.set(currency, days);
  };
  for (const row of await paidPerDay(db, period, siteId)) add(row.currency, row.day, Number(row.total));
  for (const row of await refundedPerDay(db, period, siteId)) add(row.currency, row.day, -Number(row.total));
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, days]) => ({ currency, days: [...days].map(([day, count]) => ({ day, count })) }));
}
