/**
 * Bench data for the traffic figures (issue 31, decision 054), written straight into the database
 * before the server starts: TRAFFIC_BENCH_SITES sites (the default one and copies of it) with a
 * year of daily counters each, for TRAFFIC_BENCH_LANDERS landing pages x TRAFFIC_BENCH_NETWORKS
 * networks x TRAFFIC_BENCH_SUBS subs a day (262,800 rows, as a busy operator's year would leave),
 * and revenue on about a third of them; plus a staff member with 'dashboard.view' and a session.
 * Re-running replaces the counters of those sites.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/open';
import { sites, staffAccounts, trafficDaily, trafficDailyRevenue } from '../apps/server/src/db/schema';
import { createStaffSession, STAFF_SESSION_COOKIE } from '../apps/server/src/features/staff/sessions';

export const TRAFFIC_BENCH_SITES = 20;
export const TRAFFIC_BENCH_DAYS = 365;
const TRAFFIC_BENCH_LANDERS = ['/landers/tinderswipe', '/landers/adultonly', '/landers/video', '/landers/gallery'];
const TRAFFIC_BENCH_NETWORKS = 3;
const TRAFFIC_BENCH_SUBS = 3;
export const TRAFFIC_BENCH_ROWS =
  TRAFFIC_BENCH_SITES * TRAFFIC_BENCH_DAYS * TRAFFIC_BENCH_LANDERS.length * TRAFFIC_BENCH_NETWORKS * TRAFFIC_BENCH_SUBS;
const STAFF_EMAIL = 'bench.traffic@staff.example';

export interface TrafficBench {
  cookie: string;
  /** A year across all sites, and for one site: grouped by day and by network. */
  allSitesPaths: string[];
  oneSitePaths: string[];
}

export async function seedTrafficBench(db: Database, options: { postgres: boolean }): Promise<TrafficBench> {
  const [base] = await db
    .select()
    .from(sites)
    .where(sql`${sites.isDefault}`);
  if (!base) throw new Error('no default site: seed the search bench profiles first');
  const { id: _id, isDefault: _default, createdAt: _created, ...copy } = base;
  for (let n = 2; n <= TRAFFIC_BENCH_SITES; n++) {
    await db
      .insert(sites)
      .values({ ...copy, domain: `traffic-bench-${n}.example`, name: `Traffic bench ${n}`, isDefault: false })
      .onConflictDoNothing();
  }
  const benchDomains = Array.from({ length: TRAFFIC_BENCH_SITES - 1 }, (_, i) => `traffic-bench-${i + 2}.example`);
  const siteIds = [base.id, ...(await db.select({ id: sites.id }).from(sites).where(inArray(sites.domain, benchDomains))).map((s) => s.id)];

  await db.delete(trafficDaily).where(inArray(trafficDaily.siteId, siteIds));
  await db.delete(trafficDailyRevenue).where(inArray(trafficDailyRevenue.siteId, siteIds));
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (TRAFFIC_BENCH_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const landers = sql.raw(`array[${TRAFFIC_BENCH_LANDERS.map((l) => `'${l}'`).join(',')}]`);
  // One site at a time keeps each statement's memory small on the embedded database.
  for (const siteId of siteIds) {
    await db.execute(sql`
      insert into traffic_daily (site_id, day, landing_page, network, sub1, visits, bounces, signups, activations, buyers)
      select ${siteId}, d::date, l, 'net' || n, 'sub' || s, v, v * 35 / 100, v / 12, v / 20, v / 60
      from generate_series(${from}::timestamp, ${today}::timestamp, interval '1 day') as d,
        unnest(${landers}) as l, generate_series(1, ${TRAFFIC_BENCH_NETWORKS}::int) as n, generate_series(1, ${TRAFFIC_BENCH_SUBS}::int) as s,
        lateral (select 20 + (abs(hashtext(d::text || l || n || s)) % 400) as v) as visits`);
    await db.execute(sql`
      insert into traffic_daily_revenue (site_id, day, landing_page, network, sub1, currency, payments, amount_minor)
      select site_id, day, landing_page, network, sub1, 'EUR', buyers + 1, (buyers + 1) * 1495
      from traffic_daily where site_id = ${siteId} and (abs(hashtext(day::text || sub1 || network)) % 3) = 0`);
  }
  if (options.postgres) await db.execute(sql`vacuum analyze traffic_daily, traffic_daily_revenue`);

  await db
    .insert(staffAccounts)
    // No password can match this hash: the bench staff member only ever uses the session made here.
    .values({ email: STAFF_EMAIL, name: 'Bench traffic', role: 'marketing', passwordHash: 'bench: no login', createdAt: new Date() })
    .onConflictDoNothing();
  const [staff] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, STAFF_EMAIL));
  const token = await createStaffSession(db, staff!.id, new Date(), true);
  const year = `/admin/api/traffic?from=${from}&to=${today}`;
  return {
    cookie: `${STAFF_SESSION_COOKIE}=${token}`,
    allSitesPaths: [year, `${year}&group_by=network`, `${year}&group_by=sub1`],
    oneSitePaths: [`${year}&site_id=${siteIds[5]}`, `${year}&site_id=${siteIds[5]}&group_by=landing_page`],
  };
}
