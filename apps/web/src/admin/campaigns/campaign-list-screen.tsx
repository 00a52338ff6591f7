/**
 * Promotions and news (issue 30, 'campaigns.send'): the newest campaigns of a site (or of all),
 * each with its status and how many of its audience got it, and a link to write a new one. The
 * site filter lives in the address.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteSelect } from '../ui/site-select';
import { TableScroll } from '../ui/table-scroll';
import { useSiteFilter } from '../ui/use-site-filter';
import { languageName, useCampaigns, useCampaignSites } from './campaign-calls';

export function Component() {
  const { t } = useTranslation('campaigns');
  const [siteId, setSiteId] = useSiteFilter();
  const sites = useCampaignSites();
  const list = useCampaigns(siteId);
  const siteName = (id: number) => sites.data?.sites.find((site) => site.id === id)?.name ?? String(id);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto">{t('list.title')}</h1>
        <Link className="btn btn-primary" to={`/admin/campaigns/new${siteId ? `?site=${siteId}` : ''}`}>
          {t('list.new')}
        </Link>
      </div>
      <p className="text-body-secondary">{t('list.intro')}</p>
      <SiteSelect
        id="campaigns-site"
        className="mb-3 col-12 col-sm-6 col-lg-4"
        sites={sites.data?.sites ?? []}
        value={siteId}
        onChange={setSiteId}
        allSites
      />

      {list.isPending && <p role="status">{t('loading')}</p>}
      {list.isError && (
        <p role="alert" className="alert alert-danger">
          {t('error')}
        </p>
      )}
      {list.data && list.data.campaigns.length === 0 && <p role="status">{t('list.empty')}</p>}
      {list.data && list.data.campaigns.length > 0 && (
        <TableScroll label={t('list.caption')}>
          <table className="table align-middle">
            <caption className="caption-top">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.subject')}</th>
                <th scope="col">{t('list.kind')}</th>
                <th scope="col">{t('list.site')}</th>
                <th scope="col">{t('list.language')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('list.sent')}</th>
                <th scope="col">{t('list.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('list.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.campaigns.map((campaign) => (
                <tr key={campaign.id}>
                  <th scope="row" className="fw-normal">
                    {campaign.subject}
                  </th>
                  <td>{t(`kinds.${campaign.kind}`)}</td>
                  <td>{siteName(campaign.site_id)}</td>
                  <td>{languageName(campaign.language)}</td>
                  <td>{t(`statuses.${campaign.status}`)}</td>
                  <td>
                    {campaign.status === 'draft'
                      ? '—'
                      : t('list.sent_of', { sent: campaign.counts.sent, audience: campaign.counts.audience })}
                  </td>
                  <td>
                    <time dateTime={campaign.created_at}>{campaign.created_at.slice(0, 16).replace('T', ' ')}</time>
                    {campaign.created_by && <span className="d-block small text-body-secondary">{campaign.created_by.name}</span>}
                  </td>
                  <td>
                    <Link to={`/admin/campaigns/${campaign.id}`} aria-label={t('list.open_label', { subject: campaign.subject })}>
                      {t('list.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
