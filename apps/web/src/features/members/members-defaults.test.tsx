import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { sentQueries, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeCard, makeMemberAnswer, makeOwnProfile, referenceDataStubs } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import MemberPage from '../profiles/member/member-page';
import MembersPage from './members-page';

// Decision 013: a member's default search, the folding filters of a phone, and the way back to a search.
const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];

const answer = (page = 1): TSearchAnswer => ({
  profiles: [makeCard(page * 100 + 1), makeCard(page * 100 + 2)],
  numResults: 45,
  results_capped: false,
  page,
  per_page: 20,
  similar: [],
  similar_count: 0,
});

function stub(own = makeOwnProfile()) {
  return stubApi({
    ...referenceDataStubs,
    'GET /api/profile.php': { body: { profile: own } },
    'GET /api/search.php': (_body, url) => ({ body: answer(Number(url.searchParams.get('page') ?? '1')) }),
    'GET /api/member.php': { body: makeMemberAnswer() },
  });
}

function renderApp(route: string, user: ReturnType<typeof makeUser> | null = makeUser()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/members" element={<MembersPage />} />
        <Route path="/members/:id" element={<MemberPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { user, route, settings: { search_fields: SEARCH_FIELDS, logged_out_search: 'all' } },
  );
}

/** happy-dom's window is 1024 px wide; a phone is narrower than Bootstrap's md (768 px). */
function pretendPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: !query.includes('min-width: 768px'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('default search of a member', () => {
  it('searches for what the profile suggests and shows it in the URL: a hetero woman of 35 gets men of 25 to 45', async () => {
    const fetch = stub();
    renderApp('/members');
    await waitFor(() => expect(currentLocation()).toBe('/members?gender=male&min_age=25&max_age=45'));
    expect(await screen.findByText('Members found: 45')).toBeTruthy();
    // The unfiltered search never went out first.
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ gender: 'male', min_age: '25', max_age: '45' }]);
    expect(document.getElementById('search-filters-summary')!.textContent).toBe('Men · 25–45 years');
  });

  it("uses the stored preferences, and keeps the page's other parameters", async () => {
    const fetch = stub(makeOwnProfile({ looking_for_gender: 'both', looking_for_min_age: 30, looking_for_max_age: 38 }));
    renderApp('/members?reactivated=1');
    await waitFor(() => expect(currentLocation()).toBe('/members?reactivated=1&min_age=30&max_age=38'));
    expect(await screen.findByText('Members found: 45')).toBeTruthy();
    expect(document.getElementById('reactivated-alert')).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ min_age: '30', max_age: '38' }]);
  });

  it('leaves a search in the URL as it is', async () => {
    const fetch = stub();
    renderApp('/members?country=NL');
    expect(await screen.findByText('Members found: 45')).toBeTruthy();
    expect(currentLocation()).toBe('/members?country=NL');
    // The own profile is still read (for the distance filter), but its defaults are not applied.
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ country: 'NL' }]);
  });

  it('clearing the filters searches everyone and does not bring the defaults back', async () => {
    const fetch = stub();
    const user = userEvent.setup();
    renderApp('/members');
    await screen.findByText('Members found: 45');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?all=1'));
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/search.php').at(-1)).toEqual({}));
    expect(document.getElementById('search-filters-summary')!.textContent).toBe('All members');
  });

  it("keeps a visitor's search for everyone", async () => {
    const fetch = stub();
    renderApp('/members', null);
    expect(await screen.findByText('Members found: 45')).toBeTruthy();
    expect(currentLocation()).toBe('/members');
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{}]);
  });
});

describe('filters on a phone', () => {
  it('fold behind a Filters button that tells the search in use, and fold again after a search', async () => {
    pretendPhone();
    stub();
    const user = userEvent.setup();
    renderApp('/members?gender=female&country=NL');
    await screen.findByText('Members found: 45');
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('Women · Netherlands');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    // Full width on a phone, label above: long country names are not cut off.
    expect(screen.getByLabelText('Country').closest('.col-12')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Age to'), '40');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?gender=female&country=NL&max_age=40'));
    expect(screen.getByRole('button', { name: /Filters/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('cards show their photos with a reserved size', async () => {
    stub();
    renderApp('/members?all=1');
    await screen.findByText('Members found: 45');
    const image = document.querySelector('#search-results img')!;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '320']);
  });
});

describe('back to search', () => {
  it('returns from a profile to the same filters and page', async () => {
    stub();
    const user = userEvent.setup();
    renderApp('/members?gender=male&min_age=30&page=2');
    await user.click(await screen.findByText('Member 201, 30'));
    await waitFor(() => expect(currentLocation()).toBe('/members/201'));
    const back = await screen.findByRole('link', { name: /Back to search/ });
    expect(back.getAttribute('href')).toBe('/members?gender=male&min_age=30&page=2');
    await user.click(back);
    await waitFor(() => expect(currentLocation()).toBe('/members?gender=male&min_age=30&page=2'));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('goes to the member list when the profile was opened from elsewhere', async () => {
    stub();
    renderApp('/members/42');
    expect((await screen.findByRole('link', { name: /Back to search/ })).getAttribute('href')).toBe('/members');
  });
});
