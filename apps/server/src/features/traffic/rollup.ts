/**
 * The traffic figures' counters (decision 054): each fact adds to its day's row in the transaction
 * that records it, by an upsert that adds (INSERT ... ON CONFLICT DO UPDATE SET n = n + excluded.n),
 * so two facts at once never lose a count. A day is a UTC day; '' stands for "none known".
 */
import { sql } from 'drizzle-orm';
import type { TTrafficCount } from '@cupido/shared/contracts/traffic-figures';
import { cleanTracking } from '@cupido/shared/rules/tracking';
import type { Database } from '../../db/open';
import { trafficDaily, trafficDailyRevenue } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

type Writer = Database | Tx;

/** What a day's row is kept by, besides its day. */
export interface TrafficSource {
  siteId: number;
  landingPage: string;
  network: string;
  sub1: string;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The network and sub1 of cleaned tracking values (sub1, else sub, as bounce logging reads them); '' when none. */
export function networkAndSub(tracking: Record<string, unknown> | null | undefined): { network: string; sub1: string } {
  const clean = cleanTracking(tracking);
  return { network: clean.network ?? '', sub1: clean.sub1 ?? clean.sub ?? '' };
}

const KEY = [trafficDaily.siteId, trafficDaily.day, trafficDaily.landingPage, trafficDaily.network, trafficDaily.sub1];

export async function addToDay(db: Writer, source: TrafficSource, day: string, add: Partial<Record<TTrafficCount, number>>): Promise<void> {
  const names = Object.keys(add) as TTrafficCount[];
  if (names.length === 0) return;
  await db
    .insert(trafficDaily)
    .values({ ...source, day, ...add })
    .onConflictDoUpdate({
      target: KEY,
      set: Object.fromEntries(names.map((name) => [name, sql`${trafficDaily[name]} + excluded.${sql.identifier(name)}`])),
    });
}

/** A completed payment's amount, added to its day, source and currency. */
export async function addRevenue(db: Writer, source: TrafficSource, day: string, currency: string, amountMinor: number): Promise<void> {
  await db
    .insert(trafficDailyRevenue)
    .values({ ...source, day, currency, payments: 1, amountMinor })
    .onConflictDoUpdate({
      target: [
        trafficDailyRevenue.siteId,
        trafficDailyRevenue.day,
        trafficDailyRevenue.landingPage,
        trafficDailyRevenue.network,
        trafficDailyRevenue.sub1,
        trafficDailyRevenue.currency,
      ],
      set: {
        payments: sql`${trafficDailyRevenue.payments} + 1`,
        amountMinor: sql`${trafficDailyRevenue.amountMinor} + excluded.amount_minor`,
      },
    });
}
