/** A site's two promo tiles (issue 31, decision 051) on its settings screen: one small form per tile. */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// Types only: the contracts' schemas (and zod) stay out of this chunk.
import type { TPromoTile, TPromoTilesAnswer } from '@cupido/shared/contracts/promotions';
import { AdminApiError } from '../api';
import { fetchPromoTiles, promoTilesKey, savePromoTile } from './promotion-queries';

export function PromoTilesSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation('promotions');
  const tiles = useQuery<TPromoTilesAnswer, AdminApiError>({ queryKey: promoTilesKey(siteId), queryFn: () => fetchPromoTiles(siteId) });
  return (
    <section aria-labelledby="promo-tiles-title" className="mb-4">
      <h3 id="promo-tiles-title" className="h5">
        {t('tiles.title')}
      </h3>
      <p className="text-body-secondary small">{t('tiles.intro')}</p>
      {tiles.isError && <p role="alert">{t('load_error')}</p>}
      {tiles.data && (
        <div className="row g-3">
          {tiles.data.tiles.map((tile) => (
            <div key={tile.kind} className="col-lg-6">
              <TileForm siteId={siteId} tile={tile} countries={tiles.data.countries} resellOn={tiles.data.member_resell} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function TileForm({ siteId, tile, countries, resellOn }: { siteId: number; tile: TPromoTile; countries: string[]; resellOn: boolean }) {
  const { t } = useTranslation('promotions');
  const id = useId();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(tile.enabled);
  const [targetUrl, setTargetUrl] = useState(tile.target_url);
  const [imageUrl, setImageUrl] = useState(tile.image_url);
  const [chosen, setChosen] = useState<string[]>(tile.countries);
  const [saved, setSaved] = useState(false);
  const kindName = t(`tiles.kinds.${tile.kind}`);
  const save = useMutation<TPromoTile, AdminApiError>({
    mutationFn: () => savePromoTile(siteId, tile.kind, { enabled, target_url: targetUrl, image_url: imageUrl, countries: chosen }),
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: promoTilesKey(siteId) });
    },
  });
  const errorFor = (field: string) =>
    save.error && (save.error.field === field || (!save.error.field && field === 'form')) ? save.error.message : null;
  const fieldProps = (field: string) => {
    const error = errorFor(field);
    return { 'aria-invalid': error ? true : undefined, 'aria-describedby': `${id}-${field}-help${error ? ` ${id}-${field}-error` : ''}` };
  };
  const fieldError = (field: string) =>
    errorFor(field) ? (
      <div id={`${id}-${field}-error`} className="invalid-feedback d-block">
        {errorFor(field)}
      </div>
    ) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate();
  };
  const toggleCountry = (code: string) => setChosen((list) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]));

  return (
    <form id={`promo-tile-form-${tile.kind}`} className="card card-body h-100" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h6">
        {kindName}
      </h4>
      {!tile.updated_at && <p className="small text-body-secondary mb-2">{t('tiles.never_saved')}</p>}
      {tile.kind === 'member_resell' && !resellOn && (
        <p id={`${id}-resell-off`} className="alert alert-info small py-2">
          {t('tiles.resell_off')}
        </p>
      )}
      <div className="form-check form-switch mb-2">
        <input
          id={`${id}-enabled`}
          className={`form-check-input${errorFor('enabled') ? ' is-invalid' : ''}`}
          type="checkbox"
          role="switch"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          {...fieldProps('enabled')}
        />
        <label className="form-check-label" htmlFor={`${id}-enabled`}>
          {t('tiles.enabled')}
        </label>
        <span id={`${id}-enabled-help`} hidden />
        {fieldError('enabled')}
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${id}-target_url`}>
          {t('tiles.target_url')}
        </label>
        <input
          id={`${id}-target_url`}
          className={`form-control${errorFor('target_url') ? ' is-invalid' : ''}`}
          type="url"
          inputMode="url"
          value={targetUrl}
          onChange={(event) => setTargetUrl(event.target.value)}
          {...fieldProps('target_url')}
        />
        <div id={`${id}-target_url-help`} className="form-text">
          {t('tiles.target_url_help')}
        </div>
        {fieldError('target_url')}
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${id}-image_url`}>
          {t('tiles.image_url')}
        </label>
        <input
          id={`${id}-image_url`}
          className={`form-control${errorFor('image_url') ? ' is-invalid' : ''}`}
          type="url"
          inputMode="url"
          value={imageUrl}
          onChange={(event) => setImageUrl(event.target.value)}
          {...fieldProps('image_url')}
        />
        <div id={`${id}-image_url-help`} className="form-text">
          {t('tiles.image_url_help')}
        </div>
        {fieldError('image_url')}
      </div>
      <fieldset className="mb-2" aria-describedby={`${id}-countries-help`}>
        <legend className="form-label fs-6">{t('tiles.countries')}</legend>
        <div className="d-flex flex-wrap gap-3">
          {countries.map((code) => (
            <div key={code} className="form-check">
              <input
                id={`${id}-country-${code}`}
                className="form-check-input"
                type="checkbox"
                checked={chosen.includes(code)}
                onChange={() => toggleCountry(code)}
              />
              <label className="form-check-label" htmlFor={`${id}-country-${code}`}>
                {code}
              </label>
            </div>
          ))}
        </div>
        <div id={`${id}-countries-help`} className="form-text">
          {t('tiles.countries_help')}
        </div>
        {fieldError('countries')}
      </fieldset>
      {fieldError('form')}
      <div className="d-flex align-items-center gap-3 mt-auto">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('tiles.saving') : t('tiles.save', { kind: kindName })}
        </button>
        {saved && (
          <span role="status" className="text-success small">
            {t('tiles.saved', { kind: kindName })}
          </span>
        )}
      </div>
    </form>
  );
}
