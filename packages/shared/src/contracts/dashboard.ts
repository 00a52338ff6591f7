import { z } from 'zod';
import { zBackOfficeDay } from './back-office-dates';
import { ZOperatorFigures } from './operator-console';

/**
 * The back office's dashboard (issue 13): GET /admin/api/dashboard?site_id=&from=&to= answers
 * figures per day of the period (UTC days; days without any activity count 0) and the sizes and
 * ages of the moderation queues now, and revenue per currency (issue 14).
 */

/** The period when the call names none: the last 30 days up to today. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period one call may ask for (a leap year). */
export const DASHBOARD_MAX_DAYS = 366;

export const DASHBOARD_SERIES = [
  /** Accounts created (signups). */
  'signups',
  /** Accounts activated (the e-mail link followed). */
  'activations',
  /** Members who used the site that day (at least one logged-in request). */
  'active_members',
  /** Likes members gave that day (and have not taken back). */
  'likes',
  /** Messages members sent that day. */
  'messages',
  /** Credits members spent that day (messages, images, gifts). */
  'credits_spent',
  /** Payments paid that day (issue 14). */
  'payments',
] as const;
export type TDashboardSeries = (typeof DASHBOARD_SERIES)[number];

export const ZDashboardQuery = z.object({
  /** One site; all sites together without it. */
  site_id: z.coerce.number().int().positive().optional(),
  from: zBackOfficeDay().optional(),
  to: zBackOfficeDay().optional(),
});
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

const ZQueue = z.object({
  count: z.number().int(),
  /** When the oldest waiting item came in; null when none waits. */
  oldest_at: z.string().nullable(),
});

export const ZDashboardAnswer = z.object({
  site_id: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  /** Every day of the period, oldest first (YYYY-MM-DD, UTC). */
  days: z.array(z.string()),
  /** One figure per day of `days`, per series. */
  series: z.object(
    Object.fromEntries(DASHBOARD_SERIES.map((name) => [name, z.array(z.number())])) as Record<TDashboardSeries, z.ZodArray<z.ZodNumber>>,
  ),
  queues: z.object({
    /** Photos waiting for review (pending, or shown but not yet reviewed on 'post' sites). */
    photos: ZQueue,
    /** Reports still open. */
    reports: ZQueue,
    /** Appeals still open. */
    appeals: ZQueue,
  }),
  /**
   * Net revenue (paid less refunds and chargebacks booked that day) per day of `days`, in the
   * currency's minor units; one entry per currency that had any (never added across currencies).
   */
  revenue: z.array(z.object({ currency: z.string(), net: z.array(z.number()) })),
  /** The operator console (issue 15): answers per operator and day, time to answer, waiting conversations per site. */
  operators: ZOperatorFigures,
  /** The sites to choose from. */
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string() })),
});
export type TDashboardAnswer = z.infer<typeof ZDashboardAnswer>;
