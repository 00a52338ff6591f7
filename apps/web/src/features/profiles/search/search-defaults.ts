/**
 * A member's default search (decision 013): opening /members without a search in the URL
 * applies the gender and ages they look for, and writes them into the URL, so Back, reload and
 * sharing show the same search. An explicit "everyone" (all filters cleared) is `all=1`, so it is
 * not replaced by the defaults again.
 */
import type { Seeking } from '@cupido/shared/rules/matching';
import { defaultSearchOf } from '@cupido/shared/rules/profiles';
import type { TOwnProfile } from '@cupido/shared/contracts/profiles';
import { SEARCH_FIELDS, type SearchField } from '../profile-limits';
import { EMPTY_FILTERS, searchParamsOf, type SearchFilters } from './search-params';

/** Marks a search for everyone that the member chose (cleared filters), unlike an empty URL. */
export const EVERYONE_PARAM = 'all';

/** Whether the URL already holds a search: a filter, the radius, a page or the everyone marker. */
export function hasExplicitSearch(params: URLSearchParams): boolean {
  return [...SEARCH_FIELDS, 'radius', 'page', EVERYONE_PARAM].some((name) => params.has(name));
}

/**
 * The member's preferences (stored, else the choice this tab keeps when the server may not store
 * it (decision 036), else derived from their profile), limited to the site's filters.
 */
export function defaultFilters(profile: TOwnProfile, offered: readonly SearchField[], keptSeeking: Seeking | null = null): SearchFilters {
  const preferred = defaultSearchOf({ ...profile, looking_for_gender: profile.looking_for_gender ?? keptSeeking });
  const filters = { ...EMPTY_FILTERS };
  if (offered.includes('gender')) filters.gender = preferred.gender;
  if (offered.includes('min_age')) filters.min_age = String(preferred.min_age);
  if (offered.includes('max_age')) filters.max_age = String(preferred.max_age);
  return filters;
}

/**
 * The URL of a search the member chose: the filters in use and the page, or the everyone marker
 * when no filter is in use (members only: a visitor's default already is everyone).
 */
export function chosenSearchParams(filters: SearchFilters, page: number, member: boolean): URLSearchParams {
  const params = searchParamsOf(filters, page);
  if (member && params.size === 0) params.set(EVERYONE_PARAM, '1');
  return params;
}

/** The URL with the default search added to what it holds (e.g. reactivated=1 stays). */
export function withDefaultSearch(params: URLSearchParams, filters: SearchFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const search = chosenSearchParams(filters, 1, true);
  for (const [name, value] of search) next.set(name, value);
  return next;
}
