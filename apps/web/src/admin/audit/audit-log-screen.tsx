/**
 * The audit log (issue 13, 'audit.view'): filters by staff member, item and time, the entries
 * newest first with their before and after, paging by the server's cursor (older; newer goes back
 * through the cursors seen), and a CSV export of the same filters. Filters and cursor live in the
 * address, so a search can be shared.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAuditEntry, TAuditPage } from '@cupido/shared/contracts/audit';
import { adminFetch, adminUrl, AdminApiError } from '../api';
import { TableScroll } from '../ui/table-scroll';

const FILTERS = ['staff_id', 'item_type', 'item_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

function Changes({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('audit');
  if (entry.before == null && entry.after == null) return <>{t('table.none')}</>;
  return (
    <details>
      <summary>{t('table.show_changes')}</summary>
      <div className="d-flex flex-column flex-md-row gap-2 mt-1">
        {entry.before != null && (
          <div>
            <div className="small fw-semibold">{t('table.before')}</div>
            <pre className="small bg-body-tertiary p-1 mb-0 text-wrap text-break">{json(entry.before)}</pre>
          </div>
        )}
        {entry.after != null && (
          <div>
            <div className="small fw-semibold">{t('table.after')}</div>
            <pre className="small bg-body-tertiary p-1 mb-0 text-wrap text-break">{json(entry.after)}</pre>
          </div>
        )}
      </div>
    </details>
  );
}

function FilterForm({ filters, onApply }: { filters: Record<Filter, string>; onApply: (next: Record<Filter, string>) => void }) {
  const { t } = useTranslation('audit');
  const [values, setValues] = useState(filters);
  const field = (name: Filter, type: 'text' | 'date' | 'number' = 'text', help?: string) => (
    <div className="col-12 col-sm-6 col-lg-2">
      <label className="form-label" htmlFor={`audit-${name}`}>
        {t(`filters.${name}`)}
      </label>
      <input
        id={`audit-${name}`}
        className="form-control"
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 1 : undefined}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        aria-describedby={help ? `audit-${name}-help` : undefined}
      />
      {help && (
        <div id={`audit-${name}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  const empty = Object.fromEntries(FILTERS.map((f) => [f, ''])) as Record<Filter, string>;
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('filters.legend')}>
      {field('staff_id', 'number')}
      {field('item_type', 'text', t('filters.item_type_help'))}
      {field('item_id')}
      {field('from', 'date')}
      {field('to', 'date')}
      <div className="col-12 col-lg-2 d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          {t('filters.apply')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => (setValues(empty), onApply(empty))}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<Filter, string>;
  const before = params.get('before') ?? undefined;
  // The cursors of the pages before this one, to go back to newer entries.
  const [previous, setPrevious] = useState<(string | undefined)[]>([]);
  const page = useQuery({
    queryKey: ['admin', 'audit', filters, before],
    queryFn: () => adminFetch<TAuditPage>('/audit', { query: { ...filters, before } }),
  });

  const go = (nextFilters: Record<Filter, string>, cursor: string | undefined) => {
    const next = new URLSearchParams();
    for (const f of FILTERS) if (nextFilters[f]) next.set(f, nextFilters[f]);
    if (cursor) next.set('before', cursor);
    setParams(next);
  };
  const apply = (next: Record<Filter, string>) => {
    setPrevious([]);
    go(next, undefined);
  };
  const older = () => {
    setPrevious([...previous, before]);
    go(filters, page.data?.next_before ?? undefined);
  };
  const newer = () => {
    setPrevious(previous.slice(0, -1));
    go(filters, previous.at(-1));
  };

  return (
    <>
      <h1 className="h4">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <FilterForm key={FILTERS.map((f) => filters[f]).join('|')} filters={filters} onApply={apply} />
      <p>
        <a className="btn btn-outline-primary btn-sm" href={adminUrl('/audit.csv', filters)} download aria-describedby="audit-export-help">
          {t('export_csv')}
        </a>{' '}
        <span id="audit-export-help" className="small text-body-secondary">
          {t('export_help')}
        </span>
      </p>
      {page.isPending && <p role="status">{t('loading')}</p>}
      {page.isError && (
        <p role="alert" className="alert alert-danger">
          {page.error instanceof AdminApiError ? page.error.message : t('error')}
        </p>
      )}
      {page.data && page.data.entries.length === 0 && <p role="status">{t('empty')}</p>}
      {page.data && page.data.entries.length > 0 && (
        <TableScroll label={t('table.caption')}>
          <table className="table table-sm align-top">
            <caption className="visually-hidden">{t('table.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('table.time')}</th>
                <th scope="col">{t('table.staff')}</th>
                <th scope="col">{t('table.action')}</th>
                <th scope="col">{t('table.item')}</th>
                <th scope="col">{t('table.site')}</th>
                <th scope="col">{t('table.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">{entry.created_at.replace('T', ' ').slice(0, 19)}</td>
                  <td>{entry.staff_id ?? t('table.command_line')}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.item_type} {entry.item_id}
                  </td>
                  <td>{entry.site_id ?? t('table.none')}</td>
                  <td>
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="d-flex gap-2" aria-label={t('title')}>
        <button type="button" className="btn btn-outline-secondary" onClick={newer} disabled={!before}>
          {t('newer')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={older} disabled={!page.data?.next_before}>
          {t('older')}
        </button>
      </nav>
    </>
  );
}
