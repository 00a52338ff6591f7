import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@cupido/shared/profile-options';
import { controlProps, FieldError } from '../../accounts/form/field';
import { useSettings } from '../../site/use-settings';
import { useRegions } from '../profile-calls';
import { useCountryName, useOptionLabel, useRegionLabel } from '../profile-labels';
import { PROFILES_NS } from '../profiles-texts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE, type SearchField } from '../profile-limits';
import { EMPTY_FILTERS, type SearchFilters } from './search-params';

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => String(SEARCH_MIN_AGE + i));

/** The age range is checked here as the server checks it, so a reversed range never leaves the form. */
export function ageRangeReversed(filters: SearchFilters): boolean {
  return !!filters.min_age && !!filters.max_age && Number(filters.min_age) > Number(filters.max_age);
}

/**
 * The search filters of the site's search_fields. Nothing is searched until the form is sent:
 * then the filters go to the URL (the parent's onSearch), from page 1.
 */
export function SearchFiltersForm({ offered, initial, onSearch }: { offered: SearchField[]; initial: SearchFilters; onSearch: (filters: SearchFilters) => void }) {
  const { t } = useTranslation(PROFILES_NS);
  const settings = useSettings();
  const countryName = useCountryName();
  const optionLabel = useOptionLabel();
  const regionLabel = useRegionLabel();
  const [filters, setFilters] = useState<SearchFilters>(initial);
  const regions = useRegions(offered.includes('countryregion') ? filters.country || null : null);
  const has = (field: SearchField) => offered.includes(field);
  const set = (field: SearchField, value: string) =>
    setFilters((current) => ({ ...current, [field]: value, ...(field === 'country' ? { countryregion: '' } : {}) }));
  const reversed = ageRangeReversed(filters);
  const ageError = reversed ? t('search.ageRangeReversed') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reversed) {
      document.getElementById('search-max-age')?.focus();
      return;
    }
    onSearch(filters);
  };
  const clear = () => {
    setFilters(EMPTY_FILTERS);
    onSearch(EMPTY_FILTERS);
  };
  const active = Object.values(filters).some(Boolean);

  return (
    <form id="search-filters" className="search-filters card card-body mb-4" onSubmit={submit} noValidate aria-label={t('search.filters')}>
      <div className="row g-3 align-items-end">
        {has('gender') && (
          <div className="col-6 col-md">
            <label htmlFor="search-gender" className="form-label">
              {t('search.gender')}
            </label>
            <select id="search-gender" className="form-select" value={filters.gender} onChange={(e) => set('gender', e.target.value)}>
              <option value="">{t('search.anyGender')}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {optionLabel('gender', gender)}
                </option>
              ))}
            </select>
          </div>
        )}
        {has('country') && (
          <div className="col-6 col-md">
            <label htmlFor="search-country" className="form-label">
              {t('fields.country')}
            </label>
            <select id="search-country" className="form-select" value={filters.country} onChange={(e) => set('country', e.target.value)}>
              <option value="">{t('search.anyCountry')}</option>
              {settings.countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
            </select>
          </div>
        )}
        {has('countryregion') && has('country') && filters.country && (
          <div className="col-12 col-md">
            <label htmlFor="search-region" className="form-label">
              {regionLabel(regions.data?.label)}
            </label>
            <select id="search-region" className="form-select" value={filters.countryregion} onChange={(e) => set('countryregion', e.target.value)}>
              <option value="">{t('search.anyRegion')}</option>
              {regions.data?.regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {has('min_age') && (
          <div className="col-6 col-md-2">
            <label htmlFor="search-min-age" className="form-label">
              {t('search.minAge')}
            </label>
            <select id="search-min-age" className="form-select" value={filters.min_age} onChange={(e) => set('min_age', e.target.value)}>
              <option value="">{t('search.any')}</option>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </select>
          </div>
        )}
        {has('max_age') && (
          <div className="col-6 col-md-2">
            <label htmlFor="search-max-age" className="form-label">
              {t('search.maxAge')}
            </label>
            <select
              {...controlProps('search-max-age', ageError)}
              className={`form-select${ageError ? ' is-invalid' : ''}`}
              value={filters.max_age}
              onChange={(e) => set('max_age', e.target.value)}
            >
              <option value="">{t('search.any')}</option>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="col-12 col-md-auto d-flex gap-2">
          <button id="search-submit" type="submit" className="btn btn-primary flex-grow-1">
            {t('search.submit')}
          </button>
          {active && (
            <button id="search-clear" type="button" className="btn btn-outline-secondary" onClick={clear}>
              {t('search.clear')}
            </button>
          )}
        </div>
      </div>
      <FieldError id="search-max-age" error={ageError} />
    </form>
  );
}
