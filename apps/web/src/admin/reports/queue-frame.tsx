import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminApiError } from '../api';
import { SiteSelect } from '../ui/site-select';

interface QueueFrameProps<T extends { sites: { id: number; name: string }[] }> {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  intro: string;
  queue: UseQueryResult<T, AdminApiError>;
  site: [number | undefined, (siteId: number | undefined) => void];
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}

/**
 * What the report and appeal queues share around their items: the title and intro, the site
 * filter (once the sites are known), the error, loading and empty states.
 */
export function QueueFrame<T extends { sites: { id: number; name: string }[] }>({
  titleId,
  title,
  intro,
  queue,
  site,
  isEmpty,
  empty,
  children,
}: QueueFrameProps<T>) {
  const { t } = useTranslation('reports');
  const [siteId, setSiteId] = site;
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId} className="h4">
        {title}
      </h1>
      <p className="text-body-secondary">{intro}</p>
      {queue.data && (
        <div style={{ maxWidth: 320 }}>
          <SiteSelect id="queue-site" sites={queue.data.sites} value={siteId} onChange={setSiteId} allSites />
        </div>
      )}
      {queue.error && (
        <div className="alert alert-danger" role="alert">
          {queue.error.message}
        </div>
      )}
      {queue.isPending && !queue.error && <p role="status">{t('common:loading')}</p>}
      {queue.data && isEmpty(queue.data) && <p>{empty}</p>}
      {queue.data && children(queue.data)}
    </section>
  );
}
