import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TLikedProfileCard } from '@cupido/shared/contracts/likes';
import { sentQueries, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeCard, makeOwnProfile, referenceDataStubs } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import MembersPage from '../members/members-page';
import { defaultFilters } from '../profiles/search/search-defaults';
import { useSwipeStackPages, fetchAutoLike } from './matching-calls';
import MatchFinderPage from './match-finder-page';
import {
  forgetSessionSeeking,
  keepSessionSeeking,
  SESSION_SEEKING_KEY,
  seekingQuery,
  sessionSeeking,
} from '../session-seeking/session-seeking';
import SignupMatchesPage from './signup-matches-page';

// Decision 036: without the orientation consent the server keeps nothing of whom a member looks
// for; this tab keeps it, and the matching calls and the default search use it.
const member = makeUser({ id: 7 });
const card = (id: number): TLikedProfileCard => ({ ...makeCard(id), like_state: 'none', like_new: false });
const likesStub = { 'GET /api/likes.php': { body: { profiles: [], liked_by: [] } } };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the kept choice', () => {
  it('is kept for this tab only, for the member who made it', () => {
    expect(sessionSeeking(7)).toBeNull();
    keepSessionSeeking(7, 'female');
    expect(sessionSeeking(7)).toBe('female');
    expect(seekingQuery(7)).toEqual({ looking_for: 'female' });
    // Another member logging in in this tab inherits nothing; nor does a visitor.
    expect(sessionSeeking(8)).toBeNull();
    expect(sessionSeeking(null)).toBeNull();
    expect(seekingQuery(undefined)).toEqual({});
    expect(localStorage.length).toBe(0);
    forgetSessionSeeking();
    expect(sessionSeeking(7)).toBeNull();
  });

  it('reads nothing from a damaged or foreign entry', () => {
    sessionStorage.setItem(SESSION_SEEKING_KEY, '{not json');
    expect(sessionSeeking(7)).toBeNull();
    sessionStorage.setItem(SESSION_SEEKING_KEY, JSON.stringify({ user_id: 7, looking_for: 'aliens' }));
    expect(seekingQuery(7)).toEqual({});
  });
});

describe('the matching calls send it as looking_for', () => {
  it('signup matches and the match finder', async () => {
    keepSessionSeeking(member.id, 'male');
    const api = stubApi({
      ...likesStub,
      'GET /api/signup-matches.php': { body: { profiles: [card(3)] } },
      'GET /api/match-finder.php': { body: { profiles: [card(4)] } },
    });
    const { unmount } = renderWithProviders(<SignupMatchesPage />, { user: member, route: '/signup-matches' });
    await waitFor(() => expect(sentQueries(api, 'GET /api/signup-matches.php')).toEqual([{ looking_for: 'male' }]));
    unmount();
    renderWithProviders(<MatchFinderPage />, { user: member, route: '/match-finder?age_group=35%2B' });
    await waitFor(() => expect(sentQueries(api, 'GET /api/match-finder.php')).toEqual([{ age_group: '35+', looking_for: 'male' }]));
  });

  it('the swipe stack and the auto-like; nothing when no choice is kept', async () => {
    const api = stubApi({
      'GET /api/swipe-stack.php': { body: { profiles: [], likes_left: 5, likes_reset_at: '2026-11-24T00:00:00.000Z' } },
      'GET /api/auto-like.php': { body: { profile: null } },
    });
    function Stack() {
      useSwipeStackPages();
      return null;
    }
    keepSessionSeeking(member.id, 'both');
    const { unmount } = renderWithProviders(<Stack />, { user: member });
    await waitFor(() => expect(sentQueries(api, 'GET /api/swipe-stack.php')).toEqual([{ looking_for: 'both' }]));
    unmount();
    await fetchAutoLike(member.id);
    forgetSessionSeeking();
    await fetchAutoLike(member.id);
    expect(sentQueries(api, 'GET /api/auto-like.php')).toEqual([{ looking_for: 'both' }, {}]);
  });
});

describe('the default search (decision 013) follows the kept choice when the profile stores none', () => {
  const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

  it('computes it: stored wins, then the kept choice, then the derived default', () => {
    const man = makeOwnProfile({ gender: 'male', sexuality: null, looking_for_gender: null, age: 35 });
    expect(defaultFilters(man, SEARCH_FIELDS).gender).toBe('');
    expect(defaultFilters(man, SEARCH_FIELDS, 'female').gender).toBe('female');
    expect(defaultFilters(man, SEARCH_FIELDS, 'both').gender).toBe('');
    expect(defaultFilters({ ...man, looking_for_gender: 'male' }, SEARCH_FIELDS, 'female').gender).toBe('male');
  });

  it('writes it into the members URL', async () => {
    keepSessionSeeking(member.id, 'female');
    const own = makeOwnProfile({ gender: 'male', sexuality: null, looking_for_gender: null, age: 35 });
    const api = stubApi({
      ...referenceDataStubs,
      'GET /api/profile.php': { body: { profile: own } },
      'GET /api/search.php': {
        body: { profiles: [], numResults: 0, results_capped: false, page: 1, per_page: 20, similar: [], similar_count: 0 },
      },
    });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/members" element={<MembersPage />} />
        </Routes>
        <LocationProbe />
      </>,
      { user: member, route: '/members', settings: { search_fields: [...SEARCH_FIELDS], logged_out_search: 'all' } },
    );
    await waitFor(() => expect(new URL(currentLocation() ?? '/', 'http://localhost').searchParams.get('gender')).toBe('female'));
    await waitFor(() => expect(sentQueries(api, 'GET /api/search.php')[0]).toMatchObject({ gender: 'female' }));
  });
});
