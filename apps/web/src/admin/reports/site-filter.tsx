import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The queue's site, kept in the address (?site=<id>) so a reload or a shared link keeps it. */
export function useSiteFilter(): [number | undefined, (siteId: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('site'));
  const siteId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const set = (next: number | undefined) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === undefined) copy.delete('site');
      else copy.set('site', String(next));
      return copy;
    });
  return [siteId, set];
}

export function SiteFilter({ sites, value, onChange }: { sites: { id: number; name: string }[]; value: number | undefined; onChange(siteId: number | undefined): void }) {
  const { t } = useTranslation('reports');
  return (
    <div className="mb-3" style={{ maxWidth: 320 }}>
      <label htmlFor="queue-site" className="form-label">
        {t('queue.site')}
      </label>
      <select id="queue-site" className="form-select" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">{t('queue.all_sites')}</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </select>
    </div>
  );
}
