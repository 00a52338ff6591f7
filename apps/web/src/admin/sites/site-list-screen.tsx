/** The sites (issue 13): every branded site with its domain and language; each opens the editor. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchSites, SITES_KEY } from './site-queries';
import { TableScroll } from '../ui/table-scroll';

export function Component() {
  const { t } = useTranslation('sites');
  const { t: common } = useTranslation('common');
  const sites = useQuery({ queryKey: SITES_KEY, queryFn: fetchSites });
  return (
    <>
      <h1 className="h4">{t('list.title')}</h1>
      <p className="text-body-secondary">{t('list.intro')}</p>
      {sites.isPending && <p role="status">{common('loading')}</p>}
      {sites.isError && <p role="alert">{common('error_generic')}</p>}
      {sites.data && sites.data.sites.length === 0 && <p>{t('list.empty')}</p>}
      {sites.data && sites.data.sites.length > 0 && (
        <TableScroll label={t('list.title')}>
          <table className="table table-striped align-middle">
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.domain')}</th>
                <th scope="col">{t('list.language')}</th>
                <th scope="col">{t('list.photo_moderation')}</th>
              </tr>
            </thead>
            <tbody>
              {sites.data.sites.map((site) => (
                <tr key={site.id}>
                  <td>
                    <Link to={`/admin/sites/${site.id}`} aria-label={t('list.edit', { name: site.name })}>
                      {site.name}
                    </Link>
                    {site.is_default && <span className="badge text-bg-secondary ms-2">{t('list.default')}</span>}
                  </td>
                  <td className="text-break">{site.domain}</td>
                  <td>{site.domain_language}</td>
                  <td>{site.photo_moderation}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
