import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { sentQueries, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeCard, makeOwnProfile, referenceDataStubs } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import MembersPage from './members-page';

const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];

function answer(overrides: Partial<TSearchAnswer> = {}): TSearchAnswer {
  return {
    profiles: [makeCard(1), makeCard(2, { is_fictional: true, fictional_icon: '★' })],
    numResults: 45,
    results_capped: false,
    page: 1,
    per_page: 20,
    similar: [],
    similar_count: 0,
    ...overrides,
  };
}

/** search.php answers page N with cards N01, N02, so a page change shows other cards. */
function stubSearch(extra: Partial<TSearchAnswer> = {}, handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...referenceDataStubs,
    // The own profile tells whether the distance filter applies (members-distance.test).
    'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
    ...handlers,
    'GET /api/search.php': (_body, url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      return { body: answer({ page, profiles: [makeCard(page * 100 + 1), makeCard(page * 100 + 2, { is_fictional: true })], ...extra }) };
    },
  });
}

// all=1: the member chose to search everyone, so their default search (members-defaults.test) stays out.
function renderMembers(route = '/members?all=1', options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <MembersPage />
      <LocationProbe />
    </>,
    { user: makeUser(), route, settings: { search_fields: SEARCH_FIELDS }, ...options },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('members page (search)', () => {
  it('is the Search members page, and welcomes back a reactivated member', async () => {
    // Without all=1 the default search starts from the member's own profile.
    stubSearch({}, { 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderMembers('/members?reactivated=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search members' })).toBeTruthy();
    expect(document.getElementById('reactivated-alert')!.textContent).toBe('Welcome back! Your account has been reactivated.');
    await waitFor(() => expect(document.title).toBe('Search members | Cupido Test'));
  });

  it('searches with the filters of the URL and shows them in the form', async () => {
    const fetch = stubSearch();
    renderMembers('/members?gender=female&country=NL&countryregion=UT&min_age=30&max_age=45&page=2');
    expect(await screen.findByText('Members found: 45')).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([
      { gender: 'female', country: 'NL', countryregion: 'UT', min_age: '30', max_age: '45', page: '2' },
    ]);
    expect((screen.getByLabelText('Looking for') as HTMLSelectElement).value).toBe('female');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('NL');
    await waitFor(() => expect((screen.getByLabelText('Province') as HTMLSelectElement).value).toBe('UT'));
    expect((screen.getByLabelText('Age from') as HTMLSelectElement).value).toBe('30');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('puts new filters in the URL from page 1, and pages through with the URL', async () => {
    const fetch = stubSearch();
    const user = userEvent.setup();
    renderMembers('/members?page=2');
    await screen.findByText('Member 201, 30');
    await user.selectOptions(screen.getByLabelText('Looking for'), 'male');
    await user.selectOptions(screen.getByLabelText('Age to'), '40');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?gender=male&max_age=40'));
    await screen.findByText('Member 101, 30');

    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?gender=male&max_age=40&page=2'));
    expect(await screen.findByText('Member 201, 30')).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/search.php').at(-1)).toEqual({ gender: 'male', max_age: '40', page: '2' });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('marks fictional profiles on their cards and links every card to its profile', async () => {
    stubSearch();
    renderMembers();
    const card = (await screen.findByText('Member 102, 30')).closest('a')!;
    expect(card.getAttribute('href')).toBe('/members/102');
    expect(within(card).getByText(/Fictional|fictional profile/)).toBeTruthy();
    expect(within(screen.getByText('Member 101, 30').closest('a')!).queryByText(/fictional profile/)).toBeNull();
  });

  it('refuses a reversed age range in the form, as the server would', async () => {
    const fetch = stubSearch();
    const user = userEvent.setup();
    renderMembers();
    await screen.findByText('Members found: 45');
    await user.selectOptions(screen.getByLabelText('Age from'), '50');
    await user.selectOptions(screen.getByLabelText('Age to'), '30');
    expect(document.getElementById('search-max-age-error')!.textContent).toBe('The maximum age cannot be lower than the minimum age');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(currentLocation()).toBe('/members?all=1');
    expect(sentQueries(fetch, 'GET /api/search.php')).toHaveLength(1);
  });

  it('shows similar profiles with their count when few match', async () => {
    stubSearch({ profiles: [makeCard(1)], numResults: 1, similar: [makeCard(7), makeCard(8)], similar_count: 12 });
    renderMembers('/members?country=NL&countryregion=UT');
    expect(await screen.findByRole('heading', { name: 'Similar profiles: 12' })).toBeTruthy();
    expect(within(document.getElementById('search-similar-results')!).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).toBeNull();
  });

  it('shows a capped count as the server reports it', async () => {
    stubSearch({ numResults: 10_000, results_capped: true });
    renderMembers();
    expect(await screen.findByText('Members found: 10,000+')).toBeTruthy();
    expect(screen.getByText('Page 1 of 500')).toBeTruthy();
  });

  it('offers only the filters of the site', async () => {
    stubSearch();
    renderMembers('/members?all=1', { settings: { search_fields: ['min_age', 'max_age'] } });
    await screen.findByText('Members found: 45');
    expect(screen.queryByLabelText('Looking for')).toBeNull();
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.getByLabelText('Age from')).toBeTruthy();
  });

  it('lets a visitor search where the site allows it, with the traffic source, and invites to sign up', async () => {
    window.localStorage.setItem('tracking', JSON.stringify({ network: 'adnet' }));
    const fetch = stubSearch();
    renderMembers('/members', { user: null, settings: { search_fields: SEARCH_FIELDS, logged_out_search: 'all' } });
    expect(await screen.findByText('Members found: 45')).toBeTruthy();
    expect(document.getElementById('members-visitor')!.textContent).toContain('Sign up for free');
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ network: 'adnet' }]);
  });
});
