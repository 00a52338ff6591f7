/**
 * The fictional profiles of a site (issue 13, 'fictional.manage'): search by name, 25 a page,
 * each with its main photo, the fictional badge and a link to edit it; a link to create one.
 * Site, search and page live in the address.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFictionalList } from '@cupido/shared/contracts/fictional-profiles';
import { adminFetch } from '../api';
import { SiteSelect } from '../ui/site-select';
import { FICTIONAL_KEY, useFictionalSites } from './fictional-calls';
import { FictionalBadge } from './fictional-badge';
import { TableScroll } from '../ui/table-scroll';

export function Component() {
  const { t } = useTranslation('fictional');
  const [params, setParams] = useSearchParams();
  const sites = useFictionalSites();
  const siteId = params.get('site_id') ?? (sites.data?.sites[0] ? String(sites.data.sites[0].id) : '');
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(q);
  const list = useQuery({
    queryKey: [...FICTIONAL_KEY, 'list', siteId, q, page],
    queryFn: () => adminFetch<TFictionalList>('/fictional-profiles', { query: { site_id: siteId, q, page } }),
    enabled: siteId !== '',
  });
  const site = sites.data?.sites.find((s) => String(s.id) === siteId);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  const go = (next: { site_id?: string; q?: string; page?: number }) => {
    const merged = new URLSearchParams();
    merged.set('site_id', next.site_id ?? siteId);
    const query = next.q ?? q;
    if (query) merged.set('q', query);
    if ((next.page ?? 1) > 1) merged.set('page', String(next.page));
    setParams(merged);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim() });
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{t('list.title')}</h1>
        <Link className="btn btn-primary" to={`/admin/fictional/new?site_id=${siteId}`}>
          {t('list.new')}
        </Link>
      </div>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} role="search">
        <SiteSelect
          id="fictional-site"
          className="col-12 col-sm-5 col-lg-3"
          sites={sites.data?.sites ?? []}
          value={siteId ? Number(siteId) : undefined}
          onChange={(next) => go({ site_id: next === undefined ? '' : String(next), q: '', page: 1 })}
        />
        <div className="col-8 col-sm-5 col-lg-3">
          <label className="form-label" htmlFor="fictional-search">
            {t('list.search')}
          </label>
          <input id="fictional-search" type="search" className="form-control" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="col-4 col-sm-2">
          <button type="submit" className="btn btn-outline-primary w-100">
            {t('list.search_button')}
          </button>
        </div>
      </form>

      {(list.isPending && siteId !== '') || sites.isPending ? <p role="status">{t('loading')}</p> : null}
      {(list.isError || sites.isError) && (
        <p role="alert" className="alert alert-danger">
          {t('error')}
        </p>
      )}
      {list.data && list.data.profiles.length === 0 && <p role="status">{t('list.empty')}</p>}
      {list.data && list.data.profiles.length > 0 && (
        <TableScroll label={t('list.caption', { site: site?.name ?? siteId })}>
          <table className="table align-middle">
            <caption className="caption-top">{t('list.caption', { site: site?.name ?? siteId })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.photo')}</th>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.age')}</th>
                <th scope="col">{t('list.place')}</th>
                <th scope="col">{t('list.photos')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('list.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.profiles.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.main_thumb_url ? (
                      <img src={p.main_thumb_url} alt="" width={48} height={48} className="rounded object-fit-cover" />
                    ) : (
                      <span className="small text-body-secondary">{t('list.no_photo')}</span>
                    )}
                  </td>
                  <th scope="row" className="fw-normal">
                    {p.name}
                    <FictionalBadge />
                  </th>
                  <td>{p.age}</td>
                  <td>{[p.city, p.country].filter(Boolean).join(', ')}</td>
                  <td>{p.photo_count}</td>
                  <td>
                    <Link to={`/admin/fictional/${p.id}`} aria-label={t('list.edit_label', { name: p.name })}>
                      {t('list.edit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list.data && list.data.total > 0 && (
        <nav className="d-flex flex-wrap align-items-center gap-2" aria-label={t('list.paging')}>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            {t('list.previous')}
          </button>
          <span className="small">{t('list.count', { total: list.data.total, page, pages })}</span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={page >= pages}
            onClick={() => go({ page: page + 1 })}
          >
            {t('list.next')}
          </button>
        </nav>
      )}
    </>
  );
}
