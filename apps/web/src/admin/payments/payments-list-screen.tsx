/**
 * Finance's payments list (issue 14, 'payments.manage'): every payment newest first, filtered by
 * site, status, member and creation period, paged by the server's cursor (older; "back to the
 * newest" starts over). Filters and cursor live in the address, so a view can be shared.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '@cupido/shared/rules/payments';
import { AdminApiError } from '../api';
import { SelectField } from '../../ui/form/select-field';
import { SiteSelect } from '../ui/site-select';
import { FINANCE_SITES_KEY, fetchFinanceSites, fetchPayments, paymentsKey, type PaymentFilters } from './payment-queries';
import { PaymentsTable } from './payments-table';
import { PAYMENTS_NS } from './texts';

const FILTERS = ['site_id', 'status', 'user_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
type FilterValues = Record<Filter, string>;

function FilterForm({ filters, onApply }: { filters: FilterValues; onApply: (next: FilterValues) => void }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const [values, setValues] = useState(filters);
  const sites = useQuery({ queryKey: FINANCE_SITES_KEY, queryFn: fetchFinanceSites });
  const input = (name: 'user_id' | 'from' | 'to', label: string, type: 'number' | 'date') => (
    <div className="col-6 col-sm-4 col-lg-2">
      <label className="form-label" htmlFor={`payments-${name}`}>
        {label}
      </label>
      <input
        id={`payments-${name}`}
        className="form-control"
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 1 : undefined}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('list.filters')}>
      <SiteSelect
        id="payments-site"
        className="col-12 col-sm-4 col-lg-3"
        sites={sites.data?.sites ?? []}
        value={values.site_id ? Number(values.site_id) : undefined}
        onChange={(site) => setValues({ ...values, site_id: site === undefined ? '' : String(site) })}
        allSites
      />
      <SelectField
        id="payments-status"
        className="col-6 col-sm-4 col-lg-2"
        label={t('list.status')}
        value={values.status}
        empty={t('list.any_status')}
        options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        onChange={(status) => setValues({ ...values, status })}
      />
      {input('user_id', t('list.member'), 'number')}
      {input('from', t('list.from'), 'date')}
      {input('to', t('list.to'), 'date')}
      <div className="col-12 col-lg-1">
        <button type="submit" className="btn btn-primary w-100">
          {t('list.apply')}
        </button>
      </div>
    </form>
  );
}

export function Component() {
  const { t } = useTranslation(PAYMENTS_NS);
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as FilterValues;
  const before = params.get('before') ?? undefined;
  const query: PaymentFilters = {
    site_id: filters.site_id ? Number(filters.site_id) : undefined,
    status: filters.status || undefined,
    user_id: filters.user_id || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    before,
  };
  const page = useQuery({ queryKey: paymentsKey(query), queryFn: () => fetchPayments(query) });
  const nextBefore = page.data?.next_before ?? null;

  const go = (next: FilterValues, cursor: string | undefined) => {
    const address = new URLSearchParams();
    for (const f of FILTERS) if (next[f]) address.set(f, next[f]);
    if (cursor) address.set('before', cursor);
    setParams(address);
  };

  return (
    <>
      <h1 className="h4">{t('list.title')}</h1>
      <p className="text-body-secondary">{t('list.intro')}</p>
      <FilterForm key={FILTERS.map((f) => filters[f]).join('|')} filters={filters} onApply={(next) => go(next, undefined)} />
      {page.isPending && <p role="status">{t('loading')}</p>}
      {page.isError && (
        <p role="alert" className="alert alert-danger">
          {page.error instanceof AdminApiError ? page.error.message : t('error')}
        </p>
      )}
      {page.data && page.data.payments.length === 0 && <p role="status">{t('list.empty')}</p>}
      {page.data && page.data.payments.length > 0 && <PaymentsTable payments={page.data.payments} caption={t('list.caption')} />}
      <div className="d-flex gap-2">
        {before && (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => go(filters, undefined)}>
            {t('list.newest')}
          </button>
        )}
        {nextBefore !== null && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => go(filters, String(nextBefore))}>
            {t('list.older')}
          </button>
        )}
      </div>
    </>
  );
}
