import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@cupido/shared/rules/profile-options';
import { controlProps, FieldError } from '../../../ui/form/field';
import { useSettings } from '../../site/use-settings';
import { useRegions } from '../profile-calls';
import { useCountryName, useOptionLabel, useRegionLabel } from '../profile-labels';
import { PROFILES_NS } from '../profiles-texts';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE, type SearchField } from '../profile-limits';
import { LocationHint, useRadiusOptions, type DistanceFilterState } from './radius-filter';
import { EMPTY_FILTERS, type SearchFilters } from './search-params';

const AGE_OPTIONS = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => {
  const age = String(SEARCH_MIN_AGE + i);
  return { value: age, label: age };
});

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first option, meaning 'no filter'. */
  anyLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  className?: string;
  error?: string;
}

/** One labelled filter select; its error (if any) is shown under the whole form. */
// Full width on a phone, so long names (countries, regions) are not cut off; side by side from md.
function FilterSelect({ id, label, anyLabel, value, onChange, options, className = 'col-12 col-md', error }: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        {...controlProps(id, error)}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The age range is checked here as the server checks it, so a reversed range never leaves the form. */
export function ageRangeReversed(filters: SearchFilters): boolean {
  return !!filters.min_age && !!filters.max_age && Number(filters.min_age) > Number(filters.max_age);
}

export interface SearchFiltersFormProps {
  offered: SearchField[];
  /** The distance filter beside country and age: a radius, a hint to set a location, or none. */
  distance: DistanceFilterState;
  initial: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
}

/**
 * The search filters of the site's search_fields, and the radius for a member with a location.
 * Nothing is searched until the form is sent: then the filters go to the URL (the parent's
 * onSearch), from page 1.
 */
export function SearchFiltersForm({ offered, distance, initial, onSearch }: SearchFiltersFormProps) {
  const { t } = useTranslation(PROFILES_NS);
  const settings = useSettings();
  const countryName = useCountryName();
  const optionLabel = useOptionLabel();
  const regionLabel = useRegionLabel();
  const radiusOptions = useRadiusOptions();
  const [filters, setFilters] = useState<SearchFilters>(initial);
  const regions = useRegions(offered.includes('countryregion') ? filters.country || null : null);
  const has = (field: SearchField) => offered.includes(field);
  const set = (field: keyof SearchFilters, value: string) =>
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
    <form id="search-filters" className="search-filters card card-body" onSubmit={submit} noValidate aria-label={t('search.filters')}>
      <div className="row g-3 align-items-end">
        {has('gender') && (
          <FilterSelect
            id="search-gender"
            label={t('search.gender')}
            anyLabel={t('search.anyGender')}
            value={filters.gender}
            onChange={(value) => set('gender', value)}
            options={GENDERS.map((gender) => ({ value: gender, label: optionLabel('gender', gender) }))}
          />
        )}
        {has('country') && (
          <FilterSelect
            id="search-country"
            label={t('fields.country')}
            anyLabel={t('search.anyCountry')}
            value={filters.country}
            onChange={(value) => set('country', value)}
            options={settings.countries.map((code) => ({ value: code, label: countryName(code) }))}
          />
        )}
        {has('countryregion') && has('country') && filters.country && (
          <FilterSelect
            id="search-region"
            className="col-12 col-md"
            label={regionLabel(regions.data?.label)}
            anyLabel={t('search.anyRegion')}
            value={filters.countryregion}
            onChange={(value) => set('countryregion', value)}
            options={(regions.data?.regions ?? []).map((region) => ({ value: region.code, label: region.name }))}
          />
        )}
        {distance === 'radius' && (
          <FilterSelect
            id="search-radius"
            label={t('search.distance')}
            anyLabel={t('search.anyDistance')}
            value={filters.radius}
            onChange={(value) => set('radius', value)}
            options={radiusOptions}
          />
        )}
        {distance === 'needs-location' && <LocationHint className="col-12 col-md" />}
        {has('min_age') && (
          <FilterSelect
            id="search-min-age"
            className="col-6 col-md-2"
            label={t('search.minAge')}
            anyLabel={t('search.any')}
            value={filters.min_age}
            onChange={(value) => set('min_age', value)}
            options={AGE_OPTIONS}
          />
        )}
        {has('max_age') && (
          <FilterSelect
            id="search-max-age"
            className="col-6 col-md-2"
            label={t('search.maxAge')}
            anyLabel={t('search.any')}
            value={filters.max_age}
            onChange={(value) => set('max_age', value)}
            options={AGE_OPTIONS}
            error={ageError}
          />
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
