/**
 * The dashboard's figures (issue 13): each one read by the feature that owns its table (the
 * for-dashboard.ts files), for one site or all, over a period of whole UTC days.
 */
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type TDashboardAnswer,
  type TDashboardQuery,
} from '@cupido/shared/contracts/dashboard';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import { activationsPerDay, activeMembersPerDay, accountsOfSite, signupsPerDay } from '../accounts/for-dashboard';
import { likesPerDay } from '../likes/for-dashboard';
import { messagesPerDay } from '../chats/for-dashboard';
import { creditsSpentPerDay } from '../credits/for-dashboard';
import { photoQueueFigures } from '../photos/for-dashboard';
import { openReportFigures } from '../reports/for-dashboard';
import { openAppealFigures } from '../moderation/for-dashboard';
import { memberProfiles, profilesOfSite } from '../profiles/for-dashboard';
import { siteChoices } from '../sites/for-back-office';
import { netRevenuePerDay, paymentsPaidPerDay } from '../payments/for-dashboard';
import { operatorFigures } from './operator-figures';
import { addDays, boundsOf, dayCount, daysOf, fillDays, type DayRange } from './day-range';

const periodError = (code: string, params: Record<string, number> = {}) =>
  new AppError(400, code, `staff.dashboard.errors.${code}`, params);

/** The period asked for: the last DASHBOARD_DEFAULT_DAYS days up to today by default; at most DASHBOARD_MAX_DAYS days. */
export function periodOf(query: Pick<TDashboardQuery, 'from' | 'to'>, today: string): DayRange {
  const to = query.to ?? (query.from ? addDays(query.from, DASHBOARD_DEFAULT_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (from > to) throw periodError('period_reversed');
  // Counted by arithmetic, before any day is built (issue 27).
  if (!(dayCount({ from, to }) <= DASHBOARD_MAX_DAYS)) throw periodError('period_too_long', { max: DASHBOARD_MAX_DAYS });
  return { from, to };
}

export async function dashboardFigures(db: Database, query: TDashboardQuery, now: Date): Promise<TDashboardAnswer> {
  const range = periodOf(query, now.toISOString().slice(0, 10));
  const siteId = query.site_id ?? null;
  const sites = await siteChoices(db);
  if (siteId !== null && !sites.some((s) => s.id === siteId))
    throw new AppError(404, 'site_not_found', 'staff.dashboard.errors.site_not_found');
  const period = boundsOf(range);
  const members = memberProfiles(siteId);
  const siteProfiles = siteId === null ? null : profilesOfSite(siteId);
  // One after another: PGlite has one connection, and on PostgreSQL these are a few index scans each.
  const signups = await signupsPerDay(db, period, siteId);
  const activations = await activationsPerDay(db, period, siteId);
  const active = await activeMembersPerDay(db, period, siteId);
  const likes = await likesPerDay(db, period, members);
  const messages = await messagesPerDay(db, period, members);
  const spent = await creditsSpentPerDay(db, period, siteId === null ? null : accountsOfSite(siteId));
  const photos = await photoQueueFigures(db, siteProfiles);
  const reports = await openReportFigures(db, siteProfiles);
  const appeals = await openAppealFigures(db, siteId);
  const paid = await paymentsPaidPerDay(db, period, siteId);
  const revenue = await netRevenuePerDay(db, period, siteId);
  const operators = await operatorFigures(db, period, siteId, siteId === null ? sites.map((s) => s.id) : [siteId]);
  const queue = (q: { count: number; oldestAt: Date | null }) => ({
    count: q.count,
    oldest_at: q.oldestAt ? new Date(q.oldestAt).toISOString() : null,
  });
  return {
    site_id: siteId,
    from: range.from,
    to: range.to,
    days: daysOf(range),
    series: {
      signups: fillDays(range, signups),
      activations: fillDays(range, activations),
      active_members: fillDays(range, active),
      likes: fillDays(range, likes),
      messages: fillDays(range, messages),
      credits_spent: fillDays(range, spent),
      payments: fillDays(range, paid),
    },
    revenue: revenue.map((r) => ({ currency: r.currency, net: fillDays(range, r.days) })),
    queues: { photos: queue(photos), reports: queue(reports), appeals: queue(appeals) },
    operators,
    sites,
  };
}
