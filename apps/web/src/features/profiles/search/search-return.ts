/**
 * "Back to search" returns to the search a profile was opened from, filters and page included
 * (the search lives in the URL): the cards of /members hand that URL to the profile page in the
 * history state, and cards on a profile page (related profiles) pass it on.
 */
import { useLocation, type Location } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';

export interface SearchReturnState {
  searchUrl: string;
}

function searchUrlOf(state: unknown): string | null {
  const url = (state as Partial<SearchReturnState> | null)?.searchUrl;
  // Only a path of the member search: history state is not trusted to point anywhere else.
  const members = routePath('members');
  return typeof url === 'string' && (url === members || url.startsWith(`${members}?`)) ? url : null;
}

/** The history state a profile link carries from the current page. */
export function searchReturnState(location: Pick<Location, 'pathname' | 'search' | 'state'>): SearchReturnState | undefined {
  if (location.pathname === routePath('members')) return { searchUrl: location.pathname + location.search };
  const url = searchUrlOf(location.state);
  return url ? { searchUrl: url } : undefined;
}

/** Where the profile page's "Back to search" goes: the search it was opened from, else /members. */
export function useBackToSearch(): string {
  return searchUrlOf(useLocation().state) ?? routePath('members');
}
