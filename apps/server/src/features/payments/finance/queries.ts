/**
 * What finance reads (issue 14): the payments list, one payment with its refunds, and revenue per
 * UTC day, site and currency. The member's e-mail comes from accounts (accountsByIds), the site's
 * name from sites: payments owns neither table.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  REVENUE_DEFAULT_DAYS,
  REVENUE_MAX_DAYS,
  type TFinancePayment,
  type TPaymentDetail,
  type TPaymentListAnswer,
  type TRevenueAnswer,
  type TRevenueQuery,
  type TRevenueRow,
} from '@cupido/shared/contracts/finance';
import type { Database } from '../../../db/open';
import { paymentRefunds, payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { accountsByIds } from '../../accounts/moderation-accounts';
import { siteChoices } from '../../sites/for-back-office';
import { paymentNotFound, refundView } from './refunds';

type Reader = Pick<Database, 'select'>;
type PaymentRow = typeof payments.$inferSelect;

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => new Date(dayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function siteNames(db: Reader): Promise<Map<number, string>> {
  return new Map((await siteChoices(db)).map((s) => [s.id, s.name]));
}

/** Rows as the back office shows them, with e-mail (null once erased) and site name. */
export async function financeViews(db: Reader, rows: PaymentRow[]): Promise<TFinancePayment[]> {
  const accounts = await accountsByIds(
    db,
    rows.map((r) => r.userId),
  );
  const names = await siteNames(db);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    email: accounts.get(r.userId)?.email ?? null,
    site_id: r.siteId,
    site_name: names.get(r.siteId) ?? '',
    package_id: r.packageId,
    credits: r.credits,
    list_amount: r.listAmount,
    discount_percentage: r.discountPercentage,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    paid_at: iso(r.paidAt),
    invoice_number: r.invoiceNumber,
    refunded_amount: r.refundedAmount,
    charged_back: r.chargedBackAt !== null,
    charged_back_at: iso(r.chargedBackAt),
  }));
}

export interface PaymentFilter {
  site_id?: number;
  status?: PaymentRow['status'];
  user_id?: number;
  from?: string;
  to?: string;
  before?: number;
  limit: number;
}

/**
 * Newest first, keyset paging on the id (ids are handed out in creation order): a page is one
 * index scan backwards from `before`, with the member's (user_id, id) index when one member is asked for.
 */
export async function listPayments(db: Reader, filter: PaymentFilter): Promise<TPaymentListAnswer> {
  const conditions: (SQL | undefined)[] = [
    filter.site_id === undefined ? undefined : eq(payments.siteId, filter.site_id),
    filter.status === undefined ? undefined : eq(payments.status, filter.status),
    filter.user_id === undefined ? undefined : eq(payments.userId, filter.user_id),
    filter.from === undefined ? undefined : gte(payments.createdAt, dayStart(filter.from)),
    filter.to === undefined ? undefined : lt(payments.createdAt, dayStart(addDays(filter.to, 1))),
    filter.before === undefined ? undefined : lt(payments.id, filter.before),
  ];
  const rows = await db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(desc(payments.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  return { payments: await financeViews(db, page), next_before: rows.length > filter.limit ? page[page.length - 1]!.id : null };
}

export async function paymentDetail(db: Reader, paymentId: number): Promise<TPaymentDetail> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw paymentNotFound();
  const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(asc(paymentRefunds.id));
  const [view] = await financeViews(db, [row]);
  return {
    payment: {
      ...view!,
      country: row.country,
      provider: row.provider,
      provider_payment_id: row.providerPaymentId,
      vat_rate_bp: row.vatRateBp,
      vat_amount: row.vatAmount,
      recurring: row.recurring,
    },
    refunds: refunds.map(refundView),
    credits: {
      posted: row.status === 'paid' ? row.credits : 0,
      taken: refunds.reduce((sum, r) => sum + r.creditsTaken, 0),
      spent: refunds.reduce((sum, r) => sum + r.creditsSpent, 0),
    },
    refundable: row.status === 'paid' && row.chargedBackAt === null ? row.amount - row.refundedAmount : 0,
  };
}

const periodError = (code: string, params: Record<string, number> = {}) => new AppError(400, code, `staff.finance.errors.${code}`, params);

/** The period asked for: the last REVENUE_DEFAULT_DAYS days up to today by default, at most REVENUE_MAX_DAYS. */
export function revenuePeriod(query: Pick<TRevenueQuery, 'from' | 'to'>, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, REVENUE_DEFAULT_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(REVENUE_DEFAULT_DAYS - 1));
  if (from > to) throw periodError('period_reversed');
  if ((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1 > REVENUE_MAX_DAYS)
    throw periodError('period_too_long', { max: REVENUE_MAX_DAYS });
  return { from, to };
}

interface DayFigures {
  day: string;
  siteId: number;
  currency: string;
  count: number;
  total: number;
}

/**
 * Money paid per UTC day (paid_at, the partial index payments_paid_idx), and money given back per
 * UTC day it was booked (refund rows: a refund in March of a January payment lowers March).
 */
export async function paidPerDay(db: Reader, period: { start: Date; end: Date }, siteId: number | null): Promise<DayFigures[]> {
  const day = sql<string>`to_char(${payments.paidAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      siteId: payments.siteId,
      currency: payments.currency,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint`,
    })
    .from(payments)
    .where(
      and(gte(payments.paidAt, period.start), lt(payments.paidAt, period.end), siteId === null ? undefined : eq(payments.siteId, siteId)),
    )
    .groupBy(day, payments.siteId, payments.currency);
}

export async function refundedPerDay(db: Reader, period: { start: Date; end: Date }, siteId: number | null): Promise<DayFigures[]> {
  const day = sql<string>`to_char(${paymentRefunds.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      siteId: payments.siteId,
      currency: payments.currency,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::bigint`,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        gte(paymentRefunds.createdAt, period.start),
        lt(paymentRefunds.createdAt, period.end),
        siteId === null ? undefined : eq(payments.siteId, siteId),
      ),
    )
    .groupBy(day, payments.siteId, payments.currency);
}

export async function revenue(db: Reader, query: TRevenueQuery, now: Date): Promise<TRevenueAnswer> {
  const range = revenuePeriod(query, now.toISOString().slice(0, 10));
  const siteId = query.site_id ?? null;
  const names = await siteNames(db);
  if (siteId !== null && !names.has(siteId)) throw new AppError(404, 'site_not_found', 'staff.finance.errors.site_not_found');
  const period = { start: dayStart(range.from), end: dayStart(addDays(range.to, 1)) };
  const rows = new Map<string, TRevenueRow>();
  const rowOf = (f: DayFigures) => {
    const key = `${f.day}|${f.siteId}|${f.currency}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        day: f.day,
        site_id: f.siteId,
        site_name: names.get(f.siteId) ?? '',
        currency: f.currency,
        paid_count: 0,
        gross: 0,
        refunds: 0,
        net: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const f of await paidPerDay(db, period, siteId)) {
    const row = rowOf(f);
    row.paid_count = Number(f.count);
    row.gross = Number(f.total);
  }
  for (const f of await refundedPerDay(db, period, siteId)) rowOf(f).refunds = Number(f.total);
  const list = [...rows.values()]
    .map((r) => ({ ...r, net: r.gross - r.refunds }))
    .sort(
      (a, b) =>
        b.day.localeCompare(a.day) ||
        a.site_name.localeCompare(b.site_name) ||
        a.site_id - b.site_id ||
        a.currency.localeCompare(b.currency),
    );
  const totals = new Map<string, { currency: string; paid_count: number; gross: number; refunds: number; net: number }>();
  for (const r of list) {
    const t = totals.get(r.currency) ?? { currency: r.currency, paid_count: 0, gross: 0, refunds: 0, net: 0 };
    t.paid_count += r.paid_count;
    t.gross += r.gross;
    t.refunds += r.refunds;
    t.net += r.net;
    totals.set(r.currency, t);
  }
  return {
    from: range.from,
    to: range.to,
    site_id: siteId,
    rows: list,
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
