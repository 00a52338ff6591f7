/**
 * The dashboard (issue 13, 'dashboard.view'): the queues now as cards, then signups,
 * activations, active members, likes, messages and credits spent per day as charts and as one
 * sortable table, for a site or all sites and a chosen period (kept in the address, so a view
 * can be bookmarked and shared). Payments paid per day are a column of the table; net revenue
 * (paid less refunds and chargebacks) is a card per currency, never added across currencies.
 * The operator console's figures (answers per operator, time to answer, queues per site) follow.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TDashboardAnswer } from '@cupido/shared/contracts/dashboard';
import { adminFetch, AdminApiError } from '../api';
import { SiteSelect } from '../ui/site-select';
import { CHARTS, DashboardChart } from './dashboard-charts';
import { FiguresTable } from './figures-table';
import { formatMoney } from '../payments/money';
import { OperatorFigures } from './operator-figures';

const TABLE_ID = 'dashboard-figures';

/** How long the oldest item has waited, in its largest whole unit. */
function ageOf(oldestAt: string, now: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(oldestAt)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}

function QueueCard({ label, count, oldestAt }: { label: string; count: number; oldestAt: string | null }) {
  const { t } = useTranslation('dashboard');
  const [now] = useState(() => Date.now());
  const age = oldestAt ? ageOf(oldestAt, now) : null;
  return (
    <div className="col-12 col-sm-4">
      <section className="card h-100" aria-label={label}>
        <div className="card-body">
          <h3 className="h6 card-title">{label}</h3>
          <p className="display-6 mb-1">{count.toLocaleString('en')}</p>
          <p className="small text-body-secondary mb-0">
            {oldestAt && age
              ? t('queues.oldest', {
                  date: `${new Date(oldestAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`,
                  age: t(`queues.age_${age.unit}`, { count: age.count }),
                })
              : t('queues.none_waiting')}
          </p>
        </div>
      </section>
    </div>
  );
}

/** The chosen site, as the select holds it (a site's id; undefined for all sites). */
const siteParam = (params: URLSearchParams) => (params.get('site_id') ? Number(params.get('site_id')) : undefined);

function Filters({ data }: { data: TDashboardAnswer | undefined }) {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const [site, setSite] = useState(siteParam(params));
  // The period shown is the one the server answered for (the default when none was chosen).
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
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('filters.legend')}>
      <SiteSelect
        id="dashboard-site"
        className="col-12 col-sm-4 col-lg-3"
        sites={data?.sites ?? []}
        value={site}
        onChange={setSite}
        allSites
      />
      <div className="col-6 col-sm-3 col-lg-2">
        <label className="form-label" htmlFor="dashboard-from">
          {t('filters.from')}
        </label>
        <input id="dashboard-from" type="date" className="form-control" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="col-6 col-sm-3 col-lg-2">
        <label className="form-label" htmlFor="dashboard-to">
          {t('filters.to')}
        </label>
        <input id="dashboard-to" type="date" className="form-control" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="col-12 col-sm-2">
        <button type="submit" className="btn btn-primary w-100">
          {t('filters.apply')}
        </button>
      </div>
      <p className="col-12 small text-body-secondary mb-0">{t('filters.utc_note')}</p>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  const query = { site_id: params.get('site_id') ?? undefined, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const figures = useQuery({
    queryKey: ['admin', 'dashboard', query],
    queryFn: () => adminFetch<TDashboardAnswer>('/dashboard', { query }),
  });
  const data = figures.data;

  return (
    <>
      <h1 className="h4">{t('title')}</h1>
      <Filters key={`${params.toString()}|${data ? 'loaded' : ''}`} data={data} />
      {figures.isPending && <p role="status">{t('loading')}</p>}
      {figures.isError && (
        <p role="alert" className="alert alert-danger">
          {figures.error instanceof AdminApiError ? figures.error.message : t('error')}
        </p>
      )}
      {data && (
        <>
          <h2 className="h5">{t('queues.title')}</h2>
          <div className="row g-3 mb-4">
            <QueueCard label={t('queues.photos')} count={data.queues.photos.count} oldestAt={data.queues.photos.oldest_at} />
            <QueueCard label={t('queues.reports')} count={data.queues.reports.count} oldestAt={data.queues.reports.oldest_at} />
            <QueueCard label={t('queues.appeals')} count={data.queues.appeals.count} oldestAt={data.queues.appeals.oldest_at} />
          </div>
          <div className="row g-3 mb-4">
            {CHARTS.map((chart) => (
              <div className="col-12 col-xl-4" key={chart.key}>
                <DashboardChart chart={chart} data={data} tableId={TABLE_ID} />
              </div>
            ))}
          </div>
          <h2 className="h5">{t('revenue.title')}</h2>
          <div className="row g-3 mb-4">
            {data.revenue.length === 0 && <p className="col-12 text-body-secondary">{t('revenue.none')}</p>}
            {data.revenue.map((r) => (
              <div className="col-12 col-sm-4" key={r.currency}>
                <section className="card h-100" aria-label={t('revenue.card', { currency: r.currency })}>
                  <div className="card-body">
                    <h3 className="h6 card-title">{t('revenue.card', { currency: r.currency })}</h3>
                    <p className="display-6 mb-1">
                      {formatMoney(
                        r.net.reduce((a, b) => a + b, 0),
                        r.currency,
                      )}
                    </p>
                    <p className="small text-body-secondary mb-0">{t('revenue.note')}</p>
                  </div>
                </section>
              </div>
            ))}
          </div>
          <OperatorFigures data={data} />
          <FiguresTable data={data} id={TABLE_ID} />
        </>
      )}
    </>
  );
}
