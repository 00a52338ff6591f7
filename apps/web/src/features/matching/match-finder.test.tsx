import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLikedProfileCard, TLikeAnswer } from '@cupido/shared/contracts/likes';
import { sentBodies, sentQueries, stubApi, type StubAnswer } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { makeCard } from '../../test/profile-fixtures';
import { LocationProbe } from '../../test/location-probe';
import MatchFinderPage from './match-finder-page';
import SignupMatchesPage from './signup-matches-page';

afterEach(() => vi.restoreAllMocks());

const card = (id: number, age: number): TLikedProfileCard => ({
  ...makeCard(id, { name: `Member ${id}`, age }),
  like_state: 'none',
  like_new: false,
});
const suggestionsByAgeGroup = (_body: unknown, url: URL): StubAnswer => ({
  body: { profiles: url.searchParams.get('age_group') === '35+' ? [card(31, 41), card(32, 52)] : [card(21, 24)] },
});
const liked = (profileId: number): StubAnswer => ({
  body: {
    profile_id: profileId,
    like_state: 'liked',
    likes_left: 3,
    likes_reset_at: '2026-11-24T00:00:00.000Z',
    match: null,
  } satisfies TLikeAnswer,
});
const statusLine = () => document.querySelector('.suggestions-status')?.textContent;
const resultNames = (id: string) => [...document.querySelectorAll(`#${id} .profile-card__name`)].map((el) => el.textContent);

describe('the match finder (/match-finder)', () => {
  it('asks for suggestions of the age group chosen, and of the other one when switched', async () => {
    const api = stubApi({
      'GET /api/match-finder.php': suggestionsByAgeGroup,
      'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
    });
    renderWithProviders(
      <>
        <MatchFinderPage />
        <LocationProbe />
      </>,
      { user: makeUser(), route: '/match-finder' },
    );
    await screen.findByRole('group', { name: 'Age group' });
    // Nothing is asked before a choice.
    expect(sentQueries(api, 'GET /api/match-finder.php')).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: '18–35' }));
    await waitFor(() => expect(resultNames('match-finder-results')).toEqual(['Member 21, 24']));
    expect(statusLine()).toBe('1 suggestion for you.');

    fireEvent.click(screen.getByRole('radio', { name: '35+' }));
    await waitFor(() => expect(resultNames('match-finder-results')).toEqual(['Member 31, 41', 'Member 32, 52']));
    expect(sentQueries(api, 'GET /api/match-finder.php')).toEqual([{ age_group: '18-35' }, { age_group: '35+' }]);
    expect(screen.getByTestId('location').textContent).toBe('/match-finder?age_group=35%2B');
  });

  it('is a radio group the keyboard can use', async () => {
    const api = stubApi({
      'GET /api/match-finder.php': suggestionsByAgeGroup,
      'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<MatchFinderPage />, { user: makeUser(), route: '/match-finder?age_group=18-35' });
    const young = await screen.findByRole('radio', { name: '18–35' });
    expect((young as HTMLInputElement).checked).toBe(true);
    young.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect((screen.getByRole('radio', { name: '35+' }) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(sentQueries(api, 'GET /api/match-finder.php').at(-1)).toEqual({ age_group: '35+' }));
  });

  it('likes a suggestion from the match finder', async () => {
    const api = stubApi({
      'GET /api/match-finder.php': suggestionsByAgeGroup,
      'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
      'POST /api/like.php': liked(21),
    });
    renderWithProviders(<MatchFinderPage />, { user: makeUser(), route: '/match-finder?age_group=18-35' });
    fireEvent.click(await screen.findByRole('button', { name: /Member 21/ }));
    await waitFor(() => expect(sentBodies(api, 'POST /api/like.php')).toEqual([{ profile_id: 21, source: 'match_finder' }]));
  });

  it("shows Premium's better chance to free members only", async () => {
    stubApi({});
    const { unmount } = renderWithProviders(<MatchFinderPage />, { user: makeUser({ paid_user: false }), route: '/match-finder' });
    expect((await screen.findByText('Premium members have a 46% higher chance of a match.')).id).toBe('match-finder-premium');
    unmount();
    renderWithProviders(<MatchFinderPage />, { user: makeUser({ paid_user: true }), route: '/match-finder' });
    await screen.findByRole('group', { name: 'Age group' });
    expect(document.getElementById('match-finder-premium')).toBeNull();
  });
});

describe('the suggestions after signup (/signup-matches)', () => {
  it('shows the suggestions and likes them with their own source', async () => {
    const api = stubApi({
      'GET /api/signup-matches.php': { body: { profiles: [card(5, 33), card(6, 29)] } },
      'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
      'POST /api/like.php': liked(6),
    });
    renderWithProviders(<SignupMatchesPage />, { user: makeUser(), route: '/signup-matches' });
    await waitFor(() => expect(resultNames('signup-matches-results')).toEqual(['Member 5, 33', 'Member 6, 29']));
    fireEvent.click(screen.getByRole('button', { name: /Member 6/ }));
    await waitFor(() => expect(sentBodies(api, 'POST /api/like.php')).toEqual([{ profile_id: 6, source: 'signup_matches' }]));
    expect(screen.getByRole('link', { name: 'Swipe game' }).getAttribute('href')).toBe('/swipe-game');
  });

  it('says when there is nothing to suggest yet', async () => {
    stubApi({ 'GET /api/signup-matches.php': { body: { profiles: [] } } });
    renderWithProviders(<SignupMatchesPage />, { user: makeUser(), route: '/signup-matches' });
    await waitFor(() => expect(statusLine()).toBe('No suggestions yet. Search members to find someone who suits you.'));
  });
});
