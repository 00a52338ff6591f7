import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../profile-labels';
import { PROFILES_NS } from '../profiles-texts';
import type { SearchField } from '../profile-limits';
import { useRadiusWords, type DistanceFilterState } from './radius-filter';
import { SearchFiltersForm } from './search-filters';
import type { SearchFilters } from './search-params';

/** Where the filters have room to stay open beside the results (Bootstrap's md breakpoint). */
const WIDE = '(min-width: 768px)';
const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

/** The active filters in a few words ("Women · 30–50 years · Germany · within 50 km"), or "All members". */
export function useFilterSummary(filters: SearchFilters): string {
  const { t } = useTranslation(PROFILES_NS);
  const countryName = useCountryName();
  const radiusWords = useRadiusWords();
  const parts: string[] = [];
  if (filters.gender) parts.push(t(`search.summaryGender.${filters.gender}`, { defaultValue: filters.gender }));
  if (filters.min_age && filters.max_age) parts.push(t('search.summaryAgeRange', { min: filters.min_age, max: filters.max_age }));
  else if (filters.min_age) parts.push(t('search.summaryAgeFrom', { min: filters.min_age }));
  else if (filters.max_age) parts.push(t('search.summaryAgeTo', { max: filters.max_age }));
  if (filters.country) parts.push(countryName(filters.country));
  if (filters.radius) parts.push(radiusWords.summary(filters.radius));
  return parts.length > 0 ? parts.join(' · ') : t('search.summaryAll');
}

/**
 * The search filters folded behind a "Filters" button with a summary of the search in use, so on
 * a phone the results start above the fold. Open from the start where the screen is wide; on a
 * narrow screen a search folds it again, so the results show at once.
 */
export function FiltersPanel({
  offered,
  distance,
  filters,
  onSearch,
}: {
  offered: SearchField[];
  distance: DistanceFilterState;
  filters: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
}) {
  const { t } = useTranslation(PROFILES_NS);
  const [open, setOpen] = useState(isWide);
  const summary = useFilterSummary(filters);
  const search = (next: SearchFilters) => {
    if (!isWide()) setOpen(false);
    onSearch(next);
  };

  return (
    <div className="search-panel mb-3">
      <button
        id="search-filters-toggle"
        type="button"
        className="btn btn-outline-secondary w-100 d-flex align-items-center gap-2 text-start"
        aria-expanded={open}
        aria-controls="search-filters-panel"
        onClick={() => setOpen((current) => !current)}
      >
        <span className="fw-semibold">{t('search.toggle')}</span>
        <span id="search-filters-summary" className="small text-truncate ms-auto">
          {summary}
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id="search-filters-panel" className="mt-2" hidden={!open}>
        <SearchFiltersForm key={JSON.stringify(filters)} offered={offered} distance={distance} initial={filters} onSearch={search} />
      </div>
    </div>
  );
}
