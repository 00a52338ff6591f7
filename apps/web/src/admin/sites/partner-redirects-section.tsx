/** A site's partner redirects (issue 31, decision 051) on its settings screen: the list, delete, and add or replace one. */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// Types only: the contracts' schemas (and zod) stay out of this chunk.
import type { TPartnerRedirect, TPartnerRedirectsAnswer } from '@cupido/shared/contracts/promotions';
import { AdminApiError } from '../api';
import { TableScroll } from '../ui/table-scroll';
import { deletePartnerRedirect, fetchPartnerRedirects, partnerRedirectsKey, savePartnerRedirect } from './promotion-queries';

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function PartnerRedirectsSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('promotions');
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery<TPartnerRedirectsAnswer, AdminApiError>({
    queryKey: partnerRedirectsKey(siteId),
    queryFn: () => fetchPartnerRedirects(siteId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: partnerRedirectsKey(siteId) });
  const remove = useMutation<unknown, AdminApiError, string>({
    mutationFn: (country) => deletePartnerRedirect(siteId, country),
    onSuccess: async (_, country) => {
      setDone(t('redirects.deleted', { country }));
      await refresh();
    },
  });
  return (
    <section aria-labelledby="partner-redirects-title" className="mb-4">
      <h3 id="partner-redirects-title" className="h5">
        {t('redirects.title')}
      </h3>
      <p className="text-body-secondary small">{t('redirects.intro')}</p>
      {list.isError && <p role="alert">{t('load_error')}</p>}
      {done && (
        <p className="alert alert-success py-2" role="status">
          {done}
        </p>
      )}
      {remove.error && (
        <p className="alert alert-danger py-2" role="alert">
          {remove.error.message}
        </p>
      )}
      {list.data && list.data.redirects.length === 0 && <p id="partner-redirects-empty">{t('redirects.empty')}</p>}
      {list.data && list.data.redirects.length > 0 && (
        <TableScroll label={t('redirects.title')}>
          <table id="partner-redirects-table" className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t('redirects.country')}</th>
                <th scope="col">{t('redirects.target_url')}</th>
                <th scope="col">{t('redirects.enabled')}</th>
                <th scope="col">{t('redirects.updated')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('redirects.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.redirects.map((redirect: TPartnerRedirect) => (
                <tr key={redirect.country}>
                  <th scope="row">{redirect.country}</th>
                  <td className="text-break">{redirect.target_url}</td>
                  <td>{redirect.enabled ? t('redirects.yes') : t('redirects.no')}</td>
                  <td>{when(redirect.updated_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(redirect.country)}
                    >
                      {t('redirects.delete', { country: redirect.country })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list.data && (
        <RedirectForm
          siteId={siteId}
          countries={list.data.countries}
          onSaved={async (country) => (setDone(t('redirects.saved', { country })), await refresh())}
        />
      )}
    </section>
  );
}

function RedirectForm({
  siteId,
  countries,
  onSaved,
}: {
  siteId: number;
  countries: string[];
  onSaved: (country: string) => Promise<void>;
}) {
  const { t } = useTranslation('promotions');
  const id = useId();
  const [country, setCountry] = useState('');
  const [targetUrl, setTargetUrl] = useState('');
  const [enabled, setEnabled] = useState(true);
  const save = useMutation<TPartnerRedirect, AdminApiError>({
    mutationFn: () => savePartnerRedirect(siteId, country.trim().toUpperCase() || '-', { target_url: targetUrl, enabled }),
    onSuccess: async (saved) => {
      setCountry('');
      setTargetUrl('');
      setEnabled(true);
      await onSaved(saved.country);
    },
  });
  const errorFor = (field: string) =>
    save.error && (save.error.field === field || (!save.error.field && field === 'form')) ? save.error.message : null;
  const described = (field: string) => `${id}-${field}-help${errorFor(field) ? ` ${id}-${field}-error` : ''}`;
  const fieldError = (field: string) =>
    errorFor(field) ? (
      <div id={`${id}-${field}-error`} className="invalid-feedback d-block">
        {errorFor(field)}
      </div>
    ) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form id="partner-redirect-form" className="card card-body" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h6">
        {t('redirects.add_title')}
      </h4>
      <div className="row g-2">
        <div className="col-sm-3">
          <label className="form-label" htmlFor={`${id}-country`}>
            {t('redirects.new_country')}
          </label>
          <input
            id={`${id}-country`}
            className={`form-control${errorFor('country') ? ' is-invalid' : ''}`}
            maxLength={2}
            autoCapitalize="characters"
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            aria-invalid={errorFor('country') ? true : undefined}
            aria-describedby={described('country')}
          />
        </div>
        <div className="col-sm-9">
          <label className="form-label" htmlFor={`${id}-target_url`}>
            {t('redirects.new_target_url')}
          </label>
          <input
            id={`${id}-target_url`}
            className={`form-control${errorFor('target_url') ? ' is-invalid' : ''}`}
            type="url"
            inputMode="url"
            value={targetUrl}
            onChange={(event) => setTargetUrl(event.target.value)}
            aria-invalid={errorFor('target_url') ? true : undefined}
            aria-describedby={described('target_url')}
          />
          <span id={`${id}-target_url-help`} hidden />
          {fieldError('target_url')}
        </div>
      </div>
      <div id={`${id}-country-help`} className="form-text">
        {t('redirects.new_country_help', { countries: countries.join(', ') })}
      </div>
      {fieldError('country')}
      <div className="form-check form-switch my-2">
        <input
          id={`${id}-enabled`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={`${id}-enabled`}>
          {t('redirects.new_enabled')}
        </label>
      </div>
      {fieldError('form')}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('redirects.save')}
        </button>
      </div>
    </form>
  );
}
