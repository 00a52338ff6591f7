import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { LIKES_PER_PAGE } from '@cupido/shared/rules/likes';
import { type TLikesPageAnswer } from '@cupido/shared/contracts/likes';
import { apiError, sentQueries, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import LikesPage from './likes-page';
import { likedCard, likesAnswer } from './test/likes-test-kit';

afterEach(() => vi.restoreAllMocks());

function pageOf(ids: number[], total = ids.length, page = 1): StubAnswer {
  const body: TLikesPageAnswer = {
    profiles: ids.map((id) => likedCard(id, { like_state: 'liked_you', like_new: id === ids[0] })),
    total,
    page,
    per_page: LIKES_PER_PAGE,
  };
  return { body };
}

function renderLikes(route: string, page: StubAnswer | ((body: unknown, url: URL) => StubAnswer) | 'pending' = pageOf([3, 4])) {
  const fetch = stubApi({ 'GET /api/likes.php': likesAnswer([], [[3, true]]), 'GET /api/likes-page.php': page });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/likes" element={<LikesPage />} />
        <Route path="/likes/:type" element={<LikesPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { user: makeUser(), route },
  );
  return fetch;
}

describe('likes pages (/likes, /likes/{type})', () => {
  it('/likes opens on who liked the member: a grid of cards to /likes/m/{id}, new likes marked', async () => {
    const fetch = renderLikes('/likes');
    const grid = await screen.findByRole('list');
    expect(sentQueries(fetch, 'GET /api/likes-page.php')).toEqual([{ type: 'liked-by', page: '1' }]);
    expect(screen.getByRole('tab', { name: 'Likes you' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('likes-tab-liked-by');
    const links = within(grid)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/likes/m/3', '/likes/m/4']);
    expect(within(grid).getAllByText('New')).toHaveLength(1);
    expect(within(grid).getAllByRole('button', { name: /^Like Member/ })).toHaveLength(2);
    await waitFor(() => expect(within(grid).getAllByText('Likes you')).toHaveLength(1));
    expect(document.title).toBe('Likes | Cupido Test');
  });

  it('the tabs move with the arrow keys, Home and End, each opening its list', async () => {
    const fetch = renderLikes('/likes/liked');
    const liked = await screen.findByRole('tab', { name: 'You like' });
    expect(liked.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Matches' }).getAttribute('tabindex')).toBe('-1');
    liked.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(currentLocation()).toBe('/likes/liked-by');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Likes you' }));
    await userEvent.keyboard('{End}');
    expect(currentLocation()).toBe('/likes/matches');
    await userEvent.keyboard('{ArrowRight}');
    expect(currentLocation()).toBe('/likes/liked');
    await userEvent.keyboard('{ArrowLeft}');
    expect(currentLocation()).toBe('/likes/matches');
    await waitFor(() => expect(sentQueries(fetch, 'GET /api/likes-page.php').map((q) => q.type)).toContain('matches'));
  });

  it.each([
    ['liked', 'You have not liked anyone yet.'],
    ['liked-by', 'Nobody has liked you yet.'],
    ['matches', 'No matches yet.'],
  ])('/likes/%s without profiles says so and offers the search', async (type, text) => {
    renderLikes(`/likes/${type}`, pageOf([]));
    const empty = await screen.findByText(new RegExp(`^${text}`));
    expect(empty.closest('#likes-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
  });

  it('pages through with ?page=', async () => {
    const fetch = renderLikes('/likes/matches?page=2', (_body, url) =>
      pageOf([30], LIKES_PER_PAGE * 2 + 1, Number(url.searchParams.get('page'))),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/likes-page.php')).toEqual([{ type: 'matches', page: '2' }]);
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(currentLocation()).toBe('/likes/matches?page=3');
  });

  it('an unknown type is not found', async () => {
    renderLikes('/likes/everyone');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
  });

  it('offers to try again when the list could not be loaded', async () => {
    let fail = true;
    // A refusal the client does not retry by itself (a 5xx would be retried first, with pauses).
    renderLikes('/likes/liked', () => (fail ? apiError(400, 'invalid_request', 'Invalid request.') : pageOf([5])));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toContain('The likes could not be loaded.');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: /Member 5/ })).toBeTruthy();
  });

  it('while the list loads, shows placeholder cards of the final size in the same grid, not a spinner (issue 29)', async () => {
    renderLikes('/likes', 'pending');
    const placeholders = await waitFor(() => {
      const found = document.getElementById('likes-placeholders');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(placeholders.getAttribute('aria-busy')).toBe('true');
    expect(within(placeholders).getByRole('status').textContent).toBe('Loading…');
    const grid = placeholders.querySelector('ul')!;
    // The grid of the real cards (two a row on a phone), hidden from screen readers.
    expect(grid.classList.contains('row-cols-2')).toBe(true);
    expect(grid.getAttribute('aria-hidden')).toBe('true');
    expect(grid.querySelectorAll('li .profile-card.profile-card--placeholder .ratio-1x1')).toHaveLength(10);
    expect(document.querySelector('.spinner-border')).toBeNull();
  });
});
