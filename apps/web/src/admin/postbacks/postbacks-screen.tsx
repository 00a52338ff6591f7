/**
 * Postbacks (issue 31, decision 050), permission 'sites.edit': a site's affiliate networks with
 * their URL templates (added, changed, switched off, deleted) and the log of the calls made.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPostbackNetwork, TPostbackNetworkList } from '@cupido/shared/contracts/postbacks';
import type { AdminApiError } from '../api';
import { SiteSelect } from '../ui/site-select';
import { TableScroll } from '../ui/table-scroll';
import { useSiteFilter } from '../ui/use-site-filter';
import { CallLog } from './call-log';
import { NetworkForm } from './network-form';
import { deletePostbackNetwork, fetchPostbackNetworks, POSTBACK_CALLS_KEY, POSTBACK_NETWORKS_KEY } from './postback-calls';

export function Component() {
  const { t } = useTranslation('postbacks');
  const [siteId, setSiteId] = useSiteFilter();
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery<TPostbackNetworkList, AdminApiError>({
    queryKey: [...POSTBACK_NETWORKS_KEY, siteId ?? 'all'],
    queryFn: () => fetchPostbackNetworks(siteId),
  });
  const remove = useMutation<unknown, AdminApiError, TPostbackNetwork>({
    mutationFn: (network) => deletePostbackNetwork(network.id),
    onSuccess: async (_answer, network) => {
      setNotice(t('networks.deleted', { name: network.network }));
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: POSTBACK_NETWORKS_KEY });
      await queryClient.invalidateQueries({ queryKey: POSTBACK_CALLS_KEY });
    },
  });
  const siteNames = new Map(list.data?.sites.map((site) => [site.id, site.name]));
  const networks = list.data?.networks ?? [];
  const editedNetwork = networks.find((n) => n.id === editing);
  const saved = (name: string) => {
    setNotice(t('networks.saved', { name }));
    setEditing(null);
  };

  return (
    <>
      <h1>{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      {list.data && (
        <SiteSelect
          id="postbacks-site"
          sites={list.data.sites}
          value={siteId}
          onChange={(next) => {
            setEditing(null);
            setNotice(null);
            setSiteId(next);
          }}
          allSites
          className="mb-3"
        />
      )}
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      {(list.error ?? remove.error) && (
        <div className="alert alert-danger" role="alert">
          {(list.error ?? remove.error)!.message}
        </div>
      )}
      {list.isPending && !list.error && <p role="status">{t('common:loading')}</p>}

      <section aria-labelledby="postback-networks-title">
        <h2 id="postback-networks-title" className="h4">
          {t('networks.title')}
        </h2>
        {list.data && networks.length === 0 && <p>{t('networks.empty')}</p>}
        {networks.length > 0 && (
          <TableScroll label={t('networks.title')}>
            <table className="table align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('networks.name')}</th>
                  {siteId === undefined && <th scope="col">{t('common:site_select.label')}</th>}
                  <th scope="col">{t('networks.url')}</th>
                  <th scope="col">{t('networks.enabled')}</th>
                  <th scope="col">{t('networks.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {networks.map((network) => (
                  <tr key={network.id}>
                    <td>{network.network}</td>
                    {siteId === undefined && <td>{siteNames.get(network.site_id) ?? network.site_id}</td>}
                    <td className="text-break small">
                      <code>{network.url_template}</code>
                    </td>
                    <td>{network.enabled ? t('networks.on') : t('networks.off')}</td>
                    <td className="text-nowrap">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary me-2"
                        onClick={() => setEditing(network.id)}
                        aria-label={t('networks.edit', {
                          name: network.network,
                        })}
                      >
                        {t('networks.edit_short')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        disabled={remove.isPending}
                        aria-label={t('networks.delete', {
                          name: network.network,
                        })}
                        onClick={() => {
                          if (
                            window.confirm(
                              t('networks.confirm_delete', {
                                name: network.network,
                              }),
                            )
                          )
                            remove.mutate(network);
                        }}
                      >
                        {t('networks.delete_short')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {editedNetwork && (
          <NetworkForm
            key={editedNetwork.id}
            siteId={editedNetwork.site_id}
            network={editedNetwork}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        )}
        {!editedNetwork && siteId !== undefined && list.data && <NetworkForm key={`new-${siteId}`} siteId={siteId} onSaved={saved} />}
        {siteId === undefined && list.data && <p className="text-body-secondary">{t('networks.choose_site')}</p>}
      </section>

      <CallLog siteId={siteId} />
    </>
  );
}
