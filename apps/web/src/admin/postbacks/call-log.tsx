import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPostbackCall, TPostbackCallLog } from '@cupido/shared/contracts/postbacks';
import type { AdminApiError } from '../api';
import { TableScroll } from '../ui/table-scroll';
import { fetchPostbackCalls, POSTBACK_CALLS_KEY } from './postback-calls';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(iso));

const STATUS_CLASS: Record<TPostbackCall['status'], string> = {
  pending: 'text-bg-warning',
  sent: 'text-bg-success',
  failed: 'text-bg-danger',
};

/** The calls made to networks (of the chosen site, or all), newest first, a page at a time. */
export function CallLog({ siteId }: { siteId: number | undefined }) {
  const { t } = useTranslation('postbacks');
  const [page, setPage] = useState(1);
  const [forSite, setForSite] = useState(siteId);
  // Another site starts on the first page again.
  if (forSite !== siteId) {
    setForSite(siteId);
    setPage(1);
  }
  const log = useQuery<TPostbackCallLog, AdminApiError>({
    queryKey: [...POSTBACK_CALLS_KEY, siteId ?? 'all', page],
    queryFn: () => fetchPostbackCalls(siteId, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="postback-log-title" className="mt-4">
      <h2 id="postback-log-title" className="h4">
        {t('log.title')}
      </h2>
      <p className="text-body-secondary">{t('log.intro')}</p>
      {log.error && (
        <div className="alert alert-danger" role="alert">
          {log.error.message}
        </div>
      )}
      {log.isPending && !log.error && <p role="status">{t('common:loading')}</p>}
      {log.data && log.data.calls.length === 0 && <p>{t('log.empty')}</p>}
      {log.data && log.data.calls.length > 0 && (
        <TableScroll label={t('log.table')}>
          <table className="table table-sm align-top">
            <thead>
              <tr>
                <th scope="col">{t('log.when')}</th>
                <th scope="col">{t('log.network')}</th>
                <th scope="col">{t('log.event')}</th>
                <th scope="col">{t('log.status')}</th>
                <th scope="col">{t('log.attempts')}</th>
                <th scope="col">{t('log.url')}</th>
                <th scope="col">{t('log.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.calls.map((call) => (
                <tr key={call.id}>
                  <td className="text-nowrap">
                    <time dateTime={call.created_at}>{when(call.created_at)}</time>
                  </td>
                  <td>{call.network}</td>
                  <td>{t(`log.events.${call.event}`)}</td>
                  <td>
                    <span className={`badge ${STATUS_CLASS[call.status]}`}>{t(`log.statuses.${call.status}`)}</span>
                    {call.sent_at && <div className="small">{t('log.sent_at', { when: when(call.sent_at) })}</div>}
                    {!call.sent_at && call.last_attempt_at && (
                      <div className="small">
                        {t('log.last_attempt', {
                          when: when(call.last_attempt_at),
                        })}
                      </div>
                    )}
                  </td>
                  <td>{call.attempts}</td>
                  <td className="text-break small">
                    <code>{call.url}</code>
                  </td>
                  <td className="text-break small">
                    {call.answer_status !== null ? <strong>{call.answer_status} </strong> : <span>{t('log.no_answer')} </span>}
                    {call.answer_body && <span style={{ whiteSpace: 'pre-wrap' }}>{call.answer_body}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {log.data && (page > 1 || log.data.has_more) && (
        <nav aria-label={t('log.pages')} className="d-flex align-items-center gap-2">
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('log.previous')}
          </button>
          <span>{t('log.page', { page })}</span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={!log.data.has_more}
            onClick={() => setPage(page + 1)}
          >
            {t('log.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
