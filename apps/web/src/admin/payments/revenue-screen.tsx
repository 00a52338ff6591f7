/**
 * Revenue for finance (issue 14, 'payments.manage'): per UTC day and site, payments paid, refunds
 * and chargebacks booked, and net, each in its currency; the period's totals per currency. Site
 * and period live in the address (the server's default: the last 30 days).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TRevenueAnswer } from '@cupido/shared/contracts/finance';
import { AdminApiError } from '../api';
import { SiteSelect } from '../ui/site-select';
import { TableScroll } from '../ui/table-scroll';
import { formatMoney } from './money';
import { FINANCE_SITES_KEY, fetchFinanceSites, fetchRevenue, revenueKey, type RevenueFilters } from './payment-queries';
import { PAYMENTS_NS } from './texts';

function Filters({ data }: { data: TRevenueAnswer | undefined }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: FINANCE_SITES_KEY, queryFn: fetchFinanceSites });
  const [site, setSite] = useState(params.get('site_id') ? Number(params.get('site_id')) : undefined);
  const [from, setFrom] = useState(params.get('from') ?? data?.from ?? '');
  const [to, setTo] = useState(params.get('to') ?? data?.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (site !== undefined) next.set('site_id', String(site));
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    setParams(next);
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('revenue.filters')}>
      <SiteSelect
        id="revenue-site"
        className="col-12 col-sm-4 col-lg-3"
        sites={sites.data?.sites ?? []}
        value={site}
        onChange={setSite}
        allSites
      />
      <div className="col-6 col-sm-3 col-lg-2">
        <label className="form-label" htmlFor="revenue-from">
          {t('revenue.from')}
        </label>
        <input id="revenue-from" type="date" className="form-control" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="col-6 col-sm-3 col-lg-2">
        <label className="form-label" htmlFor="revenue-to">
          {t('revenue.to')}
        </label>
        <input id="revenue-to" type="date" className="form-control" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="col-12 col-sm-2">
        <button type="submit" className="btn btn-primary w-100">
          {t('revenue.apply')}
        </button>
      </div>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation(PAYMENTS_NS);
  const [params] = useSearchParams();
  const filters: RevenueFilters = {
    site_id: params.get('site_id') ? Number(params.get('site_id')) : undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const query = useQuery({ queryKey: revenueKey(filters), queryFn: () => fetchRevenue(filters) });
  const data = query.data;
  const money = (amount: number, currency: string) => <td className="text-end text-nowrap">{formatMoney(amount, currency)}</td>;

  return (
    <>
      <h1 className="h4">{t('revenue.title')}</h1>
      <p className="text-body-secondary">{t('revenue.intro')}</p>
      <Filters key={`${params.toString()}|${data ? 'loaded' : ''}`} data={data} />
      {query.isPending && <p role="status">{t('loading')}</p>}
      {query.isError && (
        <p role="alert" className="alert alert-danger">
          {query.error instanceof AdminApiError ? query.error.message : t('error')}
        </p>
      )}
      {data && data.rows.length === 0 && <p role="status">{t('revenue.empty')}</p>}
      {data && data.rows.length > 0 && (
        <>
          <TableScroll label={t('revenue.totals')}>
            <table className="table table-sm align-middle">
              <caption className="caption-top h6 text-body">{t('revenue.totals')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('revenue.currency')}</th>
                  <th scope="col" className="text-end">
                    {t('revenue.paid_count')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('revenue.gross')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('revenue.refunds')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('revenue.net')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.totals.map((row) => (
                  <tr key={row.currency}>
                    <th scope="row">{row.currency}</th>
                    <td className="text-end">{row.paid_count}</td>
                    {money(row.gross, row.currency)}
                    {money(row.refunds, row.currency)}
                    {money(row.net, row.currency)}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <TableScroll label={t('revenue.caption')}>
            <table className="table table-sm table-striped align-middle">
              <caption className="caption-top h6 text-body">{t('revenue.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('revenue.day')}</th>
                  <th scope="col">{t('revenue.site')}</th>
                  <th scope="col">{t('revenue.currency')}</th>
                  <th scope="col" className="text-end">
                    {t('revenue.paid_count')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('revenue.gross')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('revenue.refunds')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('revenue.net')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={`${row.day}|${row.site_id}|${row.currency}`}>
                    <th scope="row" className="fw-normal text-nowrap">
                      {row.day}
                    </th>
                    <td>{row.site_name}</td>
                    <td>{row.currency}</td>
                    <td className="text-end">{row.paid_count}</td>
                    {money(row.gross, row.currency)}
                    {money(row.refunds, row.currency)}
                    {money(row.net, row.currency)}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </>
  );
}
