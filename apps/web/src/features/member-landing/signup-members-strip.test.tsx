import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { sentQueries, stubApi } from '../../test/api-stub';
import { makeCard } from '../../test/profile-fixtures';
import { renderWithProviders } from '../../test/render-with-providers';
import { VISIT_TRACKING_STORAGE_KEY } from '../tracking/tracking';
import SignupMembersStrip, { STRIP_CARDS } from './signup-members-strip';

const searchAnswer = (count: number) => ({
  body: {
    profiles: Array.from({ length: count }, (_, i) => makeCard(i + 1, { is_fictional: i === 1 })),
    numResults: count,
    results_capped: false,
    page: 1,
    per_page: 20,
    similar: [],
    similar_count: 0,
  },
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("the signup page's search-profiles strip", () => {
  it("lists member cards from the visitor's search, fictional ones disclosed, at most STRIP_CARDS", async () => {
    const fetch = stubApi({ 'GET /api/search.php': searchAnswer(15) });
    renderWithProviders(<SignupMembersStrip />, { settings: { logged_out_search: 'all' } });
    const list = await screen.findByRole('list', { name: 'Members you can meet on Cupido Test' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(STRIP_CARDS);
    expect(within(cards[0]!).getByRole('link').getAttribute('href')).toBe('/members/1');
    expect(cards[1]!.querySelector('.fictional-badge')?.textContent).toContain('fictional profile');
    expect(cards[0]!.querySelector('.fictional-badge')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Members on Cupido Test' })).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{}]);
  });

  it('where visitors may not search: no call and no strip', async () => {
    const fetch = stubApi({});
    renderWithProviders(<SignupMembersStrip />, { settings: { logged_out_search: 'none', logged_out_search_trafficsource: 'none' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([]);
    expect(document.getElementById('signup-members-strip')).toBeNull();
  });

  it('with a traffic source where the site lets such visitors search: the search carries the source', async () => {
    sessionStorage.setItem(VISIT_TRACKING_STORAGE_KEY, JSON.stringify({ network: 'n1' }));
    const fetch = stubApi({ 'GET /api/search.php': searchAnswer(3) });
    renderWithProviders(<SignupMembersStrip />, { settings: { logged_out_search: 'none', logged_out_search_trafficsource: 'all' } });
    await waitFor(() => expect(document.querySelectorAll('#signup-members-strip li')).toHaveLength(3));
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ network: 'n1' }]);
  });

  it('shows nothing when the search has no one', async () => {
    const fetch = stubApi({ 'GET /api/search.php': searchAnswer(0) });
    renderWithProviders(<SignupMembersStrip />, { settings: { logged_out_search: 'all' } });
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/search.php')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('signup-members-strip')).toBeNull();
  });
});
