/**
 * The members desk's search (issue 13): by e-mail, name or id, optionally on one site. The query
 * lives in the address (?q=&site_id=&page=), so a search can be shared, reloaded and gone back to.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SiteSelect } from '../ui/site-select';
import { fetchSiteChoices, memberSearchKey, searchMembers, SITE_CHOICES_KEY, type MemberSearch } from './member-queries';
import { TableScroll } from '../ui/table-scroll';

export function Component() {
  const { t } = useTranslation('members');
  const { t: common } = useTranslation('common');
  const [params, setParams] = useSearchParams();
  const search: MemberSearch = {
    q: params.get('q') ?? '',
    site_id: params.get('site_id') ? Number(params.get('site_id')) : undefined,
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
  const [q, setQ] = useState(search.q);
  const [siteId, setSiteId] = useState(search.site_id);
  const sites = useQuery({ queryKey: SITE_CHOICES_KEY, queryFn: fetchSiteChoices, staleTime: 300_000 });
  const results = useQuery({ queryKey: memberSearchKey(search), queryFn: () => searchMembers(search), enabled: search.q.trim() !== '' });
  const siteName = (id: number) => sites.data?.sites.find((s) => s.id === id)?.name ?? String(id);

  const go = (next: Partial<MemberSearch>) => {
    const merged = { ...search, ...next };
    const query: Record<string, string> = { q: merged.q };
    if (merged.site_id) query.site_id = String(merged.site_id);
    if (merged.page > 1) query.page = String(merged.page);
    setParams(query);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim() === '') return;
    go({ q: q.trim(), site_id: siteId, page: 1 });
  };

  return (
    <>
      <h1 className="h4">{t('search.title')}</h1>
      <form role="search" className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate>
        <div className="col-12 col-md-6">
          <label htmlFor="member-q" className="form-label">
            {t('search.query')}
          </label>
          <input
            id="member-q"
            className="form-control"
            type="search"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="member-q-help"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <div id="member-q-help" className="form-text">
            {t('search.query_help')}
          </div>
        </div>
        <SiteSelect
          id="member-site"
          className="col-12 col-sm-8 col-md-4"
          sites={sites.data?.sites ?? []}
          value={siteId}
          onChange={setSiteId}
          allSites
        />
        <div className="col-12 col-sm-4 col-md-2 mb-md-4">
          <button type="submit" className="btn btn-primary w-100">
            {t('search.submit')}
          </button>
        </div>
      </form>

      {results.isFetching && <p role="status">{common('loading')}</p>}
      {results.isError && <p role="alert">{results.error.message}</p>}
      {results.data && (
        <section aria-labelledby="member-results">
          <h2 id="member-results" className="visually-hidden">
            {t('search.results')}
          </h2>
          {results.data.members.length === 0 ? (
            <p>{t('search.none')}</p>
          ) : (
            <TableScroll label={t('search.results')}>
              <table className="table table-striped table-sm align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('search.id')}</th>
                    <th scope="col">{t('search.name')}</th>
                    <th scope="col">{t('search.email')}</th>
                    <th scope="col">{t('search.site')}</th>
                    <th scope="col">{t('search.status')}</th>
                    <th scope="col">{t('search.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.data.members.map((member) => (
                    <tr key={member.id}>
                      <td>
                        <Link to={`/admin/members/${member.id}`} aria-label={t('search.open', { id: member.id })}>
                          {member.id}
                        </Link>
                      </td>
                      <td>{member.name ?? t('member.no_name')}</td>
                      <td className="text-break">{member.email}</td>
                      <td>{siteName(member.site_id)}</td>
                      <td>{t(`status.${member.status}`)}</td>
                      <td>{new Date(member.created_at).toLocaleDateString('en-GB')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {(search.page > 1 || results.data.has_more) && (
            <nav aria-label={t('search.results')} className="d-flex gap-2 align-items-center">
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={search.page <= 1}
                onClick={() => go({ page: search.page - 1 })}
              >
                {t('search.previous')}
              </button>
              <span>{t('search.page', { page: search.page })}</span>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={!results.data.has_more}
                onClick={() => go({ page: search.page + 1 })}
              >
                {t('search.next')}
              </button>
            </nav>
          )}
        </section>
      )}
    </>
  );
}
