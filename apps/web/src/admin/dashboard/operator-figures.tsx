/**
 * The dashboard's operator console section (issue 15): conversations answered per operator and
 * UTC day with each operator's total, median and p90 time to answer over the period, and the
 * conversations waiting now per site with the oldest wait. Tables scroll on a phone.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDashboardAnswer } from '@cupido/shared/contracts/dashboard';
import { TableScroll } from '../ui/table-scroll';
import { preciseWait, roughWait } from '../operator/format-wait';

const dateOf = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

export function OperatorFigures({ data }: { data: TDashboardAnswer }) {
  const { t } = useTranslation('dashboard');
  const [now] = useState(() => Date.now());
  const { answered, answer_seconds: seconds, queues } = data.operators;
  const duration = (value: number) => {
    const text = preciseWait(value);
    return t(text.key, { ns: 'operator', ...text.values });
  };
  const siteName = (id: number) => data.sites.find((s) => s.id === id)?.name ?? `#${id}`;
  const days = [...answered].sort((a, b) => b.day.localeCompare(a.day) || a.staff_name.localeCompare(b.staff_name));
  const totals = [
    ...answered
      .reduce(
        (map, row) =>
          map.set(row.staff_id, { id: row.staff_id, name: row.staff_name, count: (map.get(row.staff_id)?.count ?? 0) + row.count }),
        new Map<number, { id: number; name: string; count: number }>(),
      )
      .values(),
  ].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

  return (
    <section className="mb-4" aria-labelledby="dashboard-operators">
      <h2 id="dashboard-operators" className="h5">
        {t('operators.title')}
      </h2>
      <div className="row g-3 mb-3">
        <div className="col-12 col-sm-6">
          <section className="card h-100" aria-label={t('operators.answer_time')}>
            <div className="card-body">
              <h3 className="h6 card-title">{t('operators.answer_time')}</h3>
              {seconds ? (
                <dl className="mb-0">
                  <dt className="small">{t('operators.median')}</dt>
                  <dd className="fs-4">{duration(seconds.median)}</dd>
                  <dt className="small">{t('operators.p90')}</dt>
                  <dd className="fs-4">{duration(seconds.p90)}</dd>
                  <dd className="small text-body-secondary mb-0">{t('operators.answers', { count: seconds.count })}</dd>
                </dl>
              ) : (
                <p className="small text-body-secondary mb-0">{t('operators.no_answers')}</p>
              )}
            </div>
          </section>
        </div>
        <div className="col-12 col-sm-6">
          <TableScroll label={t('operators.waiting_title')}>
            <table className="table table-sm align-middle mb-0">
              <caption className="caption-top">{t('operators.waiting_title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('operators.site')}</th>
                  <th scope="col">{t('operators.waiting')}</th>
                  <th scope="col">{t('operators.oldest')}</th>
                </tr>
              </thead>
              <tbody>
                {queues.length === 0 && (
                  <tr>
                    <td colSpan={3}>{t('queues.none_waiting')}</td>
                  </tr>
                )}
                {queues.map((queue) => {
                  const wait = queue.oldest_at ? roughWait((now - Date.parse(queue.oldest_at)) / 1000) : null;
                  return (
                    <tr key={queue.site_id}>
                      <th scope="row" className="fw-normal">
                        {siteName(queue.site_id)}
                      </th>
                      <td>{queue.count.toLocaleString('en')}</td>
                      <td>
                        {queue.oldest_at && wait ? `${dateOf(queue.oldest_at)} (${t(wait.key, { ns: 'operator', ...wait.values })})` : '–'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </div>
      {answered.length === 0 ? (
        <p className="text-body-secondary">{t('operators.none_answered')}</p>
      ) : (
        <div className="row g-3">
          <div className="col-12 col-md-5">
            <TableScroll label={t('operators.totals_title')}>
              <table className="table table-sm align-middle">
                <caption className="caption-top">{t('operators.totals_title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('operators.operator')}</th>
                    <th scope="col">{t('operators.answered')}</th>
                  </tr>
                </thead>
                <tbody>
                  {totals.map((row) => (
                    <tr key={row.id}>
                      <th scope="row" className="fw-normal">
                        {row.name}
                      </th>
                      <td>{row.count.toLocaleString('en')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
          <div className="col-12 col-md-7">
            <TableScroll label={t('operators.per_day_title')}>
              <table className="table table-sm table-striped align-middle">
                <caption className="caption-top">{t('operators.per_day_title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('table.day')}</th>
                    <th scope="col">{t('operators.operator')}</th>
                    <th scope="col">{t('operators.answered')}</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((row) => (
                    <tr key={`${row.day}-${row.staff_id}`}>
                      <th scope="row" className="fw-normal">
                        {row.day}
                      </th>
                      <td>{row.staff_name}</td>
                      <td>{row.count.toLocaleString('en')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
        </div>
      )}
    </section>
  );
}
