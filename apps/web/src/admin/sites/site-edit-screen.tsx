/** One site's settings (issue 13): loads the site, shows the editor, saves through PATCH. */
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SiteForm } from './site-form';
import { SitePromotions } from './site-promotions';
import { fetchSite, siteKey, SITES_KEY, updateSite } from './site-queries';

export function Component() {
  const { t } = useTranslation('sites');
  const { t: common } = useTranslation('common');
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const site = useQuery({ queryKey: siteKey(id), queryFn: () => fetchSite(id), enabled: Number.isInteger(id) && id > 0 });

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/sites">← {t('edit.back')}</Link>
      </p>
      {site.isPending && <p role="status">{common('loading')}</p>}
      {site.isError && <p role="alert">{t('edit.load_error')}</p>}
      {site.data && (
        <>
          <h1 className="h4">{t('edit.title', { name: site.data.settings.name })}</h1>
          <SiteForm
            key={site.data.id}
            site={site.data}
            onSave={async (request) => {
              const answer = await updateSite(id, request);
              queryClient.setQueryData(siteKey(id), answer);
              await queryClient.invalidateQueries({ queryKey: SITES_KEY, exact: true });
              return answer;
            }}
          />
          <SitePromotions siteId={site.data.id} />
        </>
      )}
    </>
  );
}
