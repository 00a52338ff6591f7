import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminApiError } from '../api';
import type { TReportQueue } from '@cupido/shared/contracts/moderation';
import { useSiteFilter } from '../ui/use-site-filter';
import { ComplaintsSection } from './complaints-section';
import { QueueFrame } from './queue-frame';
import { fetchReportQueue, REPORT_QUEUE_KEY } from './report-calls';
import { ReportCard } from './report-card';

/**
 * /admin/reports ('reports.decide'): the open reports, oldest first, each with its decision form;
 * below them the open complaints (issue 31), under the same site filter.
 */
export function Component() {
  const { t } = useTranslation('reports');
  const site = useSiteFilter();
  const siteId = site[0];
  const queue = useQuery<TReportQueue, AdminApiError>({
    queryKey: [...REPORT_QUEUE_KEY, siteId ?? 'all'],
    queryFn: () => fetchReportQueue(siteId),
  });
  return (
    <>
      <QueueFrame
        titleId="reports-title"
        title={t('queue.title')}
        intro={t('queue.intro')}
        queue={queue}
        site={site}
        isEmpty={(data) => data.reports.length === 0}
        empty={t('queue.empty')}
      >
        {(data) => data.reports.map((report) => <ReportCard key={report.id} report={report} />)}
      </QueueFrame>
      <ComplaintsSection siteId={siteId} />
    </>
  );
}
