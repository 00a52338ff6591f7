/**
 * Traffic (issue 31, 'dashboard.view'): the traffic figures an operator pays affiliates by, for a
 * site or all sites, a period and a grouping (day, site, landing page, network, sub ID), with
 * exact filters on landing page, network and sub ID. Kept in the address like the dashboard, so a
 * view can be bookmarked; charts per day as the dashboard draws them, a table with totals (the
 * charts' text alternative), and the same view as a CSV download.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  TRAFFIC_COUNTS,
  TRAFFIC_GROUPS,
  type TTrafficAnswer,
  type TTrafficCount,
  type TTrafficGroup,
  type TTrafficRow,
} from '@cupido/shared/contracts/traffic-figures';
import { adminFetch, adminUrl, AdminApiError } from '../api';
import { SiteSelect } from '../ui/site-select';
import { TableScroll } from '../ui/table-scroll';
import { SelectField } from '../../ui/form/select-field';
import { SeriesChart } from '../dashboard/dashboard-charts';
import { formatMoney } from '../payments/money';

const TABLE_ID = 'traffic-figures';
const FILTERS = ['landing_page', 'network', 'sub1'] as const;
const QUERY_KEYS = ['site_id', 'from', 'to', 'group_by', ...FILTERS] as const;

/** Okabe-Ito, as the dashboard's charts. */
const COLOURS: Record<TTrafficCount, string> = {
  visits: '#0072B2',
  bounces: '#D55E00',
  signups: '#009E73',
  activations: '#E69F00',
  buyers: '#CC79A7',
};
const CHARTS: { key: 'visits' | 'conversions'; counts: TTrafficCount[]; kind: 'line' | 'bar' }[] = [
  { key: 'visits', counts: ['visits', 'bounces'], kind: 'line' },
  { key: 'conversions', counts: ['signups', 'activations', 'buyers'], kind: 'line' },
];

const queryOf = (params: URLSearchParams) =>
  Object.fromEntries(QUERY_KEYS.map((key) => [key, params.get(key) ?? undefined])) as Record<
    (typeof QUERY_KEYS)[number],
    string | undefined
  >;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–');
const revenueText = (revenue: TTrafficRow['revenue']) =>
  revenue.length === 0 ? '–' : revenue.map((r) => formatMoney(r.amount_minor, r.currency)).join(', ');

function Filters({ data }: { data: TTrafficAnswer | undefined }) {
  const { t } = useTranslation('traffic');
  const [params, setParams] = useSearchParams();
  const [site, setSite] = useState(params.get('site_id') ? Number(params.get('site_id')) : undefined);
  const [from, setFrom] = useState(params.get('from') ?? data?.from ?? '');
  const [to, setTo] = useState(params.get('to') ?? data?.to ?? '');
  const [group, setGroup] = useState(params.get('group_by') ?? 'day');
  const [filters, setFilters] = useState(
    Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<(typeof FILTERS)[number], string>,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (site !== undefined) next.set('site_id', String(site));
    if (from) next.set('from', from);
    if (to) next.set('to', to);
    if (group !== 'day') next.set('group_by', group);
    for (const f of FILTERS) if (filters[f].trim()) next.set(f, filters[f].trim());
    setParams(next);
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('filters.legend')}>
      <SiteSelect
        id="traffic-site"
        className="col-12 col-sm-6 col-lg-3"
        sites={data?.sites ?? []}
        value={site}
        onChange={setSite}
        allSites
      />
      <div className="col-6 col-sm-3 col-lg-2">
        <label className="form-label" htmlFor="traffic-from">
          {t('filters.from')}
        </label>
        <input id="traffic-from" type="date" className="form-control" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="col-6 col-sm-3 col-lg-2">
        <label className="form-label" htmlFor="traffic-to">
          {t('filters.to')}
        </label>
        <input id="traffic-to" type="date" className="form-control" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <SelectField
        id="traffic-group"
        className="col-12 col-sm-6 col-lg-2"
        label={t('filters.group_by')}
        value={group}
        options={TRAFFIC_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
        onChange={setGroup}
      />
      {FILTERS.map((f) => (
        <div className="col-12 col-sm-4 col-lg-3" key={f}>
          <label className="form-label" htmlFor={`traffic-${f}`}>
            {t(`filters.${f}`)}
          </label>
          <input
            id={`traffic-${f}`}
            className="form-control"
            value={filters[f]}
            maxLength={200}
            aria-describedby="traffic-filter-help"
            onChange={(e) => setFilters({ ...filters, [f]: e.target.value })}
          />
        </div>
      ))}
      <div className="col-12 col-sm-4 col-lg-2">
        <button type="submit" className="btn btn-primary w-100">
          {t('filters.apply')}
        </button>
      </div>
      <p className="col-12 small text-body-secondary mb-0" id="traffic-filter-help">
        {t('filters.filter_help')} {t('filters.utc_note')}
      </p>
    </form>
  );
}

function FiguresTable({ data }: { data: TTrafficAnswer }) {
  const { t } = useTranslation('traffic');
  const group = t(`groups.${data.group_by}`);
  const label = (row: TTrafficRow) => (row.label === '' ? t('table.none') : row.label);
  return (
    <TableScroll label={t('table.title', { group: group.toLowerCase() })}>
      <table className="table table-sm table-striped align-middle" id={TABLE_ID}>
        <caption className="caption-top">
          <span className="h5 d-block text-body">{t('table.title', { group: group.toLowerCase() })}</span>
          {data.truncated && <span className="small">{t('table.truncated', { count: data.rows.length })}</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col">{group}</th>
            {TRAFFIC_COUNTS.map((c) => (
              <th scope="col" className="text-end" key={c}>
                {t(`counts.${c}`)}
              </th>
            ))}
            <th scope="col" className="text-end">
              {t('table.bounce_rate')}
            </th>
            <th scope="col" className="text-end">
              {t('table.revenue')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.rows.length === 0 && (
            <tr>
              <td colSpan={TRAFFIC_COUNTS.length + 3}>{t('table.empty')}</td>
            </tr>
          )}
          {data.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="fw-normal text-break">
                {label(row)}
              </th>
              {TRAFFIC_COUNTS.map((c) => (
                <td className="text-end" key={c}>
                  {row[c].toLocaleString('en')}
                </td>
              ))}
              <td className="text-end">{percent(row.bounces, row.visits)}</td>
              <td className="text-end text-nowrap">{revenueText(row.revenue)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('table.total')}</th>
            {TRAFFIC_COUNTS.map((c) => (
              <td className="text-end fw-semibold" key={c}>
                {data.totals[c].toLocaleString('en')}
              </td>
            ))}
            <td className="text-end fw-semibold">{percent(data.totals.bounces, data.totals.visits)}</td>
            <td className="text-end fw-semibold text-nowrap">{revenueText(data.totals.revenue)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

export function Component() {
  const { t } = useTranslation('traffic');
  const [params] = useSearchParams();
  const query = queryOf(params);
  const figures = useQuery({
    queryKey: ['admin', 'traffic', query],
    queryFn: () => adminFetch<TTrafficAnswer>('/traffic', { query }),
  });
  const data = figures.data;
  const group = (query.group_by ?? 'day') as TTrafficGroup;

  return (
    <>
      <h1 className="h4">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <Filters key={`${params.toString()}|${data ? 'loaded' : ''}`} data={data} />
      <p>
        <a
          className="btn btn-outline-primary btn-sm"
          href={adminUrl('/traffic.csv', { ...query, group_by: group })}
          download
          aria-describedby="traffic-csv-help"
        >
          {t('csv')}
        </a>{' '}
        <span className="small text-body-secondary" id="traffic-csv-help">
          {t('csv_help')}
        </span>
      </p>
      {figures.isPending && <p role="status">{t('loading')}</p>}
      {figures.isError && (
        <p role="alert" className="alert alert-danger">
          {figures.error instanceof AdminApiError ? figures.error.message : t('error')}
        </p>
      )}
      {data && (
        <>
          <div className="row g-3 mb-4">
            {CHARTS.map((chart) => {
              const title = t(`charts.${chart.key}`);
              const summary = chart.counts
                .map((c) => t('charts.summary_item', { label: t(`counts.${c}`), total: sum(data.series[c]) }))
                .join(', ');
              return (
                <div className="col-12 col-xl-6" key={chart.key}>
                  <SeriesChart
                    title={title}
                    labels={data.days}
                    series={chart.counts.map((c) => ({ label: t(`counts.${c}`), values: data.series[c], colour: COLOURS[c] }))}
                    kind={chart.kind}
                    alt={t('charts.alt', { title, from: data.from, to: data.to, summary })}
                    tableId={TABLE_ID}
                  />
                </div>
              );
            })}
          </div>
          <FiguresTable data={data} />
        </>
      )}
    </>
  );
}
