import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SiteFilter, useSiteFilter } from './site-filter';
import type { AdminApiError } from '../api';
import type { TReportQueue } from '@cupido/shared/moderation';
import { fetchReportQueue, REPORT_QUEUE_KEY } from './report-calls';
import { ReportCard } from './report-card';

/** /admin/reports ('reports.decide'): the open reports, oldest first, each with its decision form. */
export function Component() {
  const { t } = useTranslation('reports');
  const [siteId, setSiteId] = useSiteFilter();
  const queue = useQuery<TReportQueue, AdminApiError>({ queryKey: [...REPORT_QUEUE_KEY, siteId ?? 'all'], queryFn: () => fetchReportQueue(siteId) });
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title" className="h4">
        {t('queue.title')}
      </h1>
      <p className="text-body-secondary">{t('queue.intro')}</p>
      {queue.data && <SiteFilter sites={queue.data.sites} value={siteId} onChange={setSiteId} />}
      {queue.error && (
        <div className="alert alert-danger" role="alert">
          {queue.error.message}
        </div>
      )}
      {queue.isPending && !queue.error && <p role="status">{t('common:loading')}</p>}
      {queue.data?.reports.length === 0 && <p>{t('queue.empty')}</p>}
      {queue.data?.reports.map((report) => <ReportCard key={report.id} report={report} />)}
    </section>
  );
}
