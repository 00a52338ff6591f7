/**
 * Search state lives in the URL (spec section 3: gender, country, countryregion, min_age,
 * max_age, page; issue 28: radius), so a search can be reloaded, shared and walked back with the
 * browser.
 */
import { RADIUS_CHOICES_KM } from '@cupido/shared/rules/matching';
import { searchTrackingQuery } from '../../tracking/tracking';
import { SEARCH_FIELDS, SEARCH_MAX_PAGE, type SearchField } from '../profile-limits';

/**
 * The site's filters (its search_fields), and the radius in km around the member ('' anywhere),
 * which is no site setting: every member with a location may use it, nobody else.
 */
export type SearchFilters = Record<SearchField, string> & { radius: string };

export const EMPTY_FILTERS: SearchFilters = { gender: '', country: '', countryregion: '', min_age: '', max_age: '', radius: '' };

/** The radius choices as the URL and search.php carry them (always km, whatever unit the member reads). */
export const RADIUS_VALUES: readonly string[] = RADIUS_CHOICES_KM.map(String);

/** The filters a site offers (its search_fields), in the product's order; unknown names are ignored. */
export function offeredFields(searchFields: readonly string[]): SearchField[] {
  return SEARCH_FIELDS.filter((field) => searchFields.includes(field));
}

/**
 * The URL's filters; filters the site does not offer, a region without its country, and a radius
 * not in the list or without a location to measure from (`withRadius` false) are dropped.
 */
export function filtersFromParams(params: URLSearchParams, offered: readonly SearchField[], withRadius = false): SearchFilters {
  const filters = { ...EMPTY_FILTERS };
  for (const field of offered) filters[field] = params.get(field)?.trim() ?? '';
  if (!filters.country) filters.countryregion = '';
  const radius = params.get('radius')?.trim() ?? '';
  if (withRadius && RADIUS_VALUES.includes(radius)) filters.radius = radius;
  return filters;
}

/** The URL's page: a whole number from 1 to the last page the server serves, else 1. */
export function pageFromParams(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  const page = /^\d{1,4}$/.test(text) ? Number(text) : 1;
  return page >= 1 && page <= SEARCH_MAX_PAGE ? page : 1;
}

/** The URL query of a search: only the filters in use, and the page when it is not the first. */
export function searchParamsOf(filters: SearchFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    if (field === 'countryregion' && !filters.country) continue;
    if (filters[field]) params.set(field, filters[field]);
  }
  if (filters.radius) params.set('radius', filters.radius);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** A visitor's traffic source as search.php and member.php read it (logged_out_search_trafficsource). */
export const trackingQuery = searchTrackingQuery;

/** The query of GET /api/search.php: the URL's search, plus a visitor's traffic source. */
export function searchApiQuery(filters: SearchFilters, page: number, loggedIn: boolean): Record<string, string> {
  return { ...(loggedIn ? {} : trackingQuery()), ...Object.fromEntries(searchParamsOf(filters, page)) };
}

/** Pages of a result list, never beyond what the server serves. */
export function pageCount(numResults: number, perPage: number): number {
  if (numResults <= 0 || perPage <= 0) return 1;
  return Math.min(SEARCH_MAX_PAGE, Math.ceil(numResults / perPage));
}
