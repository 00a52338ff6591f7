import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOwnProfile, TSearchAnswer } from '@cupido/shared/contracts/profiles';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { changeLocale } from '../../i18n/i18n';
import { sentQueries, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeCard, makeOwnProfile, referenceDataStubs } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders, userFixture } from '../../test/render-with-providers';
import MembersPage from './members-page';

// Issue 28: the radius filter beside country and age, for members whose profile has a location.
const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];
const LOCATED = makeOwnProfile({ location: { latitude: 52.3812, longitude: 4.6361 } });
const BRITISH_MEMBER = makeUser({ profile: { ...userFixture.profile, country: 'GB' } });

/** The server's answer, already nearest first: the page shows it in that order. */
const answer: TSearchAnswer = {
  profiles: [makeCard(1, { distance_km: 3, activity: 'online' }), makeCard(2, { distance_km: 41, activity: 'today' }), makeCard(3)],
  numResults: 3,
  results_capped: false,
  page: 1,
  per_page: 20,
  similar: [],
  similar_count: 0,
};

function stub(own: TOwnProfile = LOCATED) {
  return stubApi({
    ...referenceDataStubs,
    'GET /api/profile.php': { body: { profile: own } },
    'GET /api/search.php': { body: answer },
  });
}

function renderMembers(route: string, user: TUser | null = makeUser(), locale: 'en' | 'pl' = 'en') {
  return renderWithProviders(
    <>
      <MembersPage />
      <LocationProbe />
    </>,
    { user, route, locale, settings: { search_fields: SEARCH_FIELDS, logged_out_search: 'all' } },
  );
}

const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => `${o.value}=${o.textContent}`);
const summary = () => document.getElementById('search-filters-summary')!.textContent;

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('distance filter', () => {
  it('offers the radius in km to a member with a location, and puts it in the URL and the search', async () => {
    const fetch = stub();
    const user = userEvent.setup();
    renderMembers('/members?gender=male&min_age=28&max_age=48');
    await screen.findByText('Members found: 3');
    const radius = await screen.findByLabelText('Distance');
    expect(radius.tagName).toBe('SELECT');
    expect(optionTexts(radius)).toEqual([
      '=Anywhere',
      '10=Within 10 km',
      '25=Within 25 km',
      '50=Within 50 km',
      '100=Within 100 km',
      '250=Within 250 km',
    ]);

    await user.selectOptions(radius, '50');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?gender=male&min_age=28&max_age=48&radius=50'));
    await waitFor(() =>
      expect(sentQueries(fetch, 'GET /api/search.php').at(-1)).toEqual({ gender: 'male', min_age: '28', max_age: '48', radius: '50' }),
    );
    expect(summary()).toBe('Men · 28–48 years · within 50 km');
    expect((screen.getByLabelText('Distance') as HTMLSelectElement).value).toBe('50');
  });

  it('says miles to a member in the UK, still searching in km', async () => {
    const fetch = stub();
    renderMembers('/members?gender=female&min_age=28&max_age=48&radius=50', BRITISH_MEMBER);
    await screen.findByText('Members found: 3');
    const radius = await screen.findByLabelText('Distance');
    expect(optionTexts(radius)).toEqual([
      '=Anywhere',
      '10=Within 6 miles (10 km)',
      '25=Within 16 miles (25 km)',
      '50=Within 31 miles (50 km)',
      '100=Within 62 miles (100 km)',
      '250=Within 155 miles (250 km)',
    ]);
    expect((radius as HTMLSelectElement).value).toBe('50');
    expect(summary()).toBe('Women · 28–48 years · within 31 miles');
    // The radius waited for the own profile: one search, with it.
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ gender: 'female', min_age: '28', max_age: '48', radius: '50' }]);
  });

  it('takes the Polish plural forms of miles in the options and the summary', async () => {
    stub();
    await changeLocale('pl');
    renderMembers('/members?radius=100', BRITISH_MEMBER, 'pl');
    const radius = await screen.findByLabelText('Odległość');
    expect(optionTexts(radius)).toEqual([
      '=Dowolna odległość',
      '10=Do 6 mil (10 km)',
      '25=Do 16 mil (25 km)',
      '50=Do 31 mil (50 km)',
      '100=Do 62 mil (100 km)',
      '250=Do 155 mil (250 km)',
    ]);
    expect(summary()).toBe('do 62 mil');
  });

  it('clears the radius with the other filters', async () => {
    const fetch = stub();
    const user = userEvent.setup();
    renderMembers('/members?radius=25');
    await screen.findByText('Members found: 3');
    expect(summary()).toBe('within 25 km');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/members?all=1'));
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/search.php').at(-1)).toEqual({}));
  });

  it('tells a member without a location where to set one, and searches without a radius', async () => {
    const fetch = stub(makeOwnProfile({ location: null }));
    renderMembers('/members?min_age=30&radius=50');
    await screen.findByText('Members found: 3');
    const hint = await screen.findByText('Searching by distance needs your location.', { exact: false });
    expect(within(hint).getByRole('link', { name: 'Set your location in your profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByLabelText('Distance')).toBeNull();
    // search.php would refuse a radius without a location: it never goes out, nor into the summary.
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{ min_age: '30' }]);
    expect(summary()).toBe('aged 30+');
  });

  it('offers a visitor neither the filter nor the hint, and sends no radius', async () => {
    const fetch = stub();
    renderMembers('/members?radius=50', null);
    await screen.findByText('Members found: 3');
    expect(screen.queryByLabelText('Distance')).toBeNull();
    expect(document.getElementById('search-radius-hint')).toBeNull();
    expect(sentQueries(fetch, 'GET /api/search.php')).toEqual([{}]);
    expect(sentQueries(fetch, 'GET /api/profile.php')).toHaveLength(0);
  });

  it('keeps the filter keyboard-usable: Tab reaches it after the country', async () => {
    stub();
    const user = userEvent.setup();
    renderMembers('/members?all=1');
    await screen.findByLabelText('Distance');
    screen.getByLabelText('Country').focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Distance'));
  });
});

describe('search results with distance and activity', () => {
  it("shows the cards in the server's order (nearest first) with their distance and activity", async () => {
    stub();
    renderMembers('/members?all=1');
    await screen.findByText('Members found: 3');
    const cards = within(document.getElementById('search-results')!).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/members/1', '/members/2', '/members/3']);
    await within(cards[0]!).findByText('about 3 km away');
    expect(within(cards[0]!).getByText('Online now')).toBeTruthy();
    expect(within(cards[1]!).getByText('about 41 km away')).toBeTruthy();
    expect(within(cards[1]!).getByText('Active today')).toBeTruthy();
    expect(cards[2]!.querySelector('.distance-activity')).toBeNull();
  });
});
