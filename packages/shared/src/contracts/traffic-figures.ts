import { z } from 'zod';
import { zBackOfficeDay } from './back-office-dates';

/**
 * The traffic figures of the back office (issue 31, decision 054): visits, bounces, signups,
 * activations, buyers and revenue per site, landing page, network and sub1, per UTC day and for a
 * period, grouped by one of them. GET /admin/api/traffic answers JSON, /admin/api/traffic.csv the
 * same rows as CSV. '' in a landing page, network or sub1 means none was known (no consent, no value).
 */

/** The period when the call names none: the last 30 days up to today. */
export const TRAFFIC_DEFAULT_DAYS = 30;
/** The longest period one call may ask for (a leap year). */
export const TRAFFIC_MAX_DAYS = 366;
/** Rows the screen gets (the biggest first); the CSV takes up to TRAFFIC_CSV_MAX_ROWS. */
export const TRAFFIC_MAX_ROWS = 500;
export const TRAFFIC_CSV_MAX_ROWS = 100_000;
/** A visit whose page was last hidden sooner than this after it opened is a bounce. */
export const BOUNCE_SECONDS = 10;

export const TRAFFIC_GROUPS = ['day', 'site', 'landing_page', 'network', 'sub1'] as const;
export type TTrafficGroup = (typeof TRAFFIC_GROUPS)[number];

export const TRAFFIC_COUNTS = ['visits', 'bounces', 'signups', 'activations', 'buyers'] as const;
export type TTrafficCount = (typeof TRAFFIC_COUNTS)[number];

const zFilterValue = () => z.string().max(200).optional();

export const ZTrafficQuery = z.object({
  /** One site; all sites together without it. */
  site_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: zBackOfficeDay().optional(),
  to: zBackOfficeDay().optional(),
  group_by: z.enum(TRAFFIC_GROUPS).default('day'),
  /** Only this landing page, network or sub1 ('' for none known). */
  landing_page: zFilterValue(),
  network: zFilterValue(),
  sub1: zFilterValue(),
});
export type TTrafficQuery = z.input<typeof ZTrafficQuery>;

const ZRevenue = z.array(z.object({ currency: z.string(), amount_minor: z.number().int(), payments: z.number().int() }));

const counts = Object.fromEntries(TRAFFIC_COUNTS.map((name) => [name, z.number().int()])) as Record<TTrafficCount, z.ZodNumber>;

export const ZTrafficRow = z.object({
  /** The group's value: a day, a site's id as text, a landing page, a network or a sub1 ('' for none). */
  key: z.string(),
  /** What the screen shows for the key (a site's name; the key itself otherwise). */
  label: z.string(),
  ...counts,
  /** Per currency, never added across currencies. */
  revenue: ZRevenue,
});
export type TTrafficRow = z.infer<typeof ZTrafficRow>;

export const ZTrafficAnswer = z.object({
  site_id: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  group_by: z.enum(TRAFFIC_GROUPS),
  /** The biggest groups first (signups, then visits), at most TRAFFIC_MAX_ROWS; by day, oldest first. */
  rows: z.array(ZTrafficRow),
  /** More groups than rows were left out. */
  truncated: z.boolean(),
  totals: ZTrafficRow.omit({ key: true, label: true }),
  /** Every day of the period and its counts, for the chart. */
  days: z.array(z.string()),
  series: z.object(
    Object.fromEntries(TRAFFIC_COUNTS.map((name) => [name, z.array(z.number().int())])) as Record<TTrafficCount, z.ZodArray<z.ZodNumber>>,
  ),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string() })),
});
export type TTrafficAnswer = z.infer<typeof ZTrafficAnswer>;
