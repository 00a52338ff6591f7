/**
 * Member search (spec sections 2-4): the site's search_fields as filters, pages of cards with the
 * total, and "when few match" a block of similar profiles from relaxed filters. Excluded: the
 * searcher's own profile, profiles blocked either way, invisible profiles, profiles whose account
 * is not confirmed or pending deletion, and profiles not 'active' (all but the blocks are the
 * `searchable` column; see schema.ts). The queries are profiles' read model
 * (profiles/search-read-model.ts); this feature reads the request and pages.
 */
import { GENDERS } from '@cupido/shared/profile-options';
import {
  SEARCH_COUNT_CAP,
  SEARCH_MAX_AGE,
  SEARCH_MAX_PAGE,
  SEARCH_MIN_AGE,
  SEARCH_PER_PAGE,
  SIMILAR_AGE_WIDENING,
  SIMILAR_LIMIT,
  type SearchField,
  type TProfileCard,
  type TSearchAnswer,
  type TSearchQuery,
} from '@cupido/shared/profiles';
import type { Database } from '../../db/open';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Site } from '../sites/service';
import {
  birthDateBounds,
  cardsByIdsQuery,
  countQuery,
  excludedProfileIds,
  pageCardsQuery,
  pageIdsQuery,
  toCard,
  type ProfileFilter,
  type Searcher,
} from '../profiles/search-read-model';
import { isRegionOf } from '../reference-data/region-codes';

export interface SearchDeps {
  db: Database;
  clock: Clock;
}

export interface SearchCriteria {
  gender?: string;
  country?: string;
  region?: string;
  minAge?: number;
  maxAge?: number;
  page: number;
}

const fieldError = (code: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(400, code, `errors.${code}`, params, field);

function parseAge(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const age = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(age >= SEARCH_MIN_AGE && age <= SEARCH_MAX_AGE)) {
    throw fieldError('invalid_age', field, { min: SEARCH_MIN_AGE, max: SEARCH_MAX_AGE });
  }
  return age;
}

/**
 * Reads and checks the query. Only the filters in the site's search_fields count; others are
 * ignored (a shared link from another site keeps working). Empty values mean "any".
 */
export function parseSearchQuery(query: TSearchQuery, site: Pick<Site, 'searchFields' | 'countries'>): SearchCriteria {
  const offered = new Set(site.searchFields);
  const read = (field: SearchField) => {
    const value = offered.has(field) ? query[field]?.trim() : undefined;
    return value ? value : undefined;
  };

  const gender = read('gender')?.toLowerCase();
  if (gender !== undefined && !(GENDERS as readonly string[]).includes(gender)) throw fieldError('invalid_choice', 'gender');
  const country = read('country')?.toUpperCase();
  if (country !== undefined && !site.countries.includes(country)) throw fieldError('country_not_served', 'country');
  const region = read('countryregion');
  if (region !== undefined && (country === undefined || !isRegionOf(country, region))) throw fieldError('unknown_region', 'countryregion');
  const minAge = parseAge(read('min_age'), 'min_age');
  const maxAge = parseAge(read('max_age'), 'max_age');
  if (minAge !== undefined && maxAge !== undefined && minAge > maxAge) throw fieldError('age_range_reversed', 'max_age');

  const pageText = query.page?.trim() || '1';
  const page = /^\d{1,4}$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= SEARCH_MAX_PAGE)) throw fieldError('invalid_page', 'page', { max: SEARCH_MAX_PAGE });
  return { gender, country, region, minAge, maxAge, page };
}

export function filterOf(siteId: number, c: Omit<SearchCriteria, 'page'>, today: Date, excludeIds: number[]): ProfileFilter {
  return { siteId, country: c.country, region: c.region, gender: c.gender, ...birthDateBounds(today, c.minAge, c.maxAge), excludeIds };
}

/** The relaxed criteria of "similar" results, or null when nothing can be relaxed. */
export function relaxed(c: SearchCriteria): Omit<SearchCriteria, 'page'> | null {
  const minAge = c.minAge === undefined ? undefined : Math.max(SEARCH_MIN_AGE, c.minAge - SIMILAR_AGE_WIDENING);
  const maxAge = c.maxAge === undefined ? undefined : Math.min(SEARCH_MAX_AGE, c.maxAge + SIMILAR_AGE_WIDENING);
  if (c.region === undefined && minAge === c.minAge && maxAge === c.maxAge) return null;
  return { gender: c.gender, country: c.country, minAge, maxAge };
}

export async function searchProfiles(deps: SearchDeps, site: Site, searcher: Searcher, criteria: SearchCriteria): Promise<TSearchAnswer> {
  const today = deps.clock();
  const exclude = await excludedProfileIds(deps.db, searcher);
  const filter = filterOf(site.id, criteria, today, exclude);
  const offset = (criteria.page - 1) * SEARCH_PER_PAGE;
  const [[counted], rows] = await Promise.all([
    countQuery(deps.db, filter, SEARCH_COUNT_CAP),
    pageCardsQuery(deps.db, filter, SEARCH_PER_PAGE, offset),
  ]);
  const matches = Number(counted?.count ?? 0);
  const numResults = Math.min(matches, SEARCH_COUNT_CAP);
  const answer: TSearchAnswer = {
    profiles: rows.map((row) => toCard(row, site, today)),
    numResults,
    results_capped: matches > SEARCH_COUNT_CAP,
    page: criteria.page,
    per_page: SEARCH_PER_PAGE,
    similar: [],
    similar_count: 0,
  };

  const wider = numResults < SEARCH_PER_PAGE ? relaxed(criteria) : null;
  if (wider) {
    // Every exact match also matches the relaxed filters, so the similar ones are the rest:
    // count by subtraction, and take the top of the relaxed order without the exact matches.
    const relaxedFilter = filterOf(site.id, wider, today, exclude);
    const [[all], top, exact] = await Promise.all([
      countQuery(deps.db, relaxedFilter, SEARCH_COUNT_CAP),
      pageIdsQuery(deps.db, relaxedFilter, SIMILAR_LIMIT + numResults, 0),
      numResults > 0 ? pageIdsQuery(deps.db, filter, numResults, 0) : Promise.resolve([]),
    ]);
    const exactIds = new Set(exact.map((r) => r.id));
    const similarIds = top.map((r) => r.id).filter((id) => !exactIds.has(id)).slice(0, SIMILAR_LIMIT);
    answer.similar_count = Math.max(0, Math.min(Number(all?.count ?? 0), SEARCH_COUNT_CAP) - numResults);
    answer.similar = await cardsOf(deps, site, similarIds, today);
  }
  return answer;
}

async function cardsOf(deps: SearchDeps, site: Site, ids: number[], today: Date): Promise<TProfileCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardsByIdsQuery(deps.db, ids);
  return rows.map((row) => toCard(row, site, today));
}
