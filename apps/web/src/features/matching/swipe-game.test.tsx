import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLikedProfileCard, TLikeAnswer, TSwipeStackAnswer } from '@cupido/shared/contracts/likes';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { makeCard } from '../../test/profile-fixtures';
import SwipeGamePage from './swipe-game-page';

afterEach(() => vi.restoreAllMocks());

const RESET_AT = '2026-11-24T00:00:00.000Z';
const card = (id: number, overrides: Partial<TLikedProfileCard> = {}): TLikedProfileCard => ({
  ...makeCard(id, { name: `Member ${id}` }),
  like_state: 'none',
  like_new: false,
  ...overrides,
});
const stack = (ids: number[], likesLeft: number | null = 4): StubAnswer => ({
  body: { profiles: ids.map((id) => card(id)), likes_left: likesLeft, likes_reset_at: RESET_AT } satisfies TSwipeStackAnswer,
});
const liked = (profileId: number): StubAnswer => ({
  body: { profile_id: profileId, like_state: 'liked', likes_left: 3, likes_reset_at: RESET_AT, match: null } satisfies TLikeAnswer,
});

/** Answers the stack pages in turn (the last one again for any further call). */
function pages(...answers: StubAnswer[]) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!;
}

const topCard = () => document.querySelector<HTMLElement>('.swipe-card--current');
const announcement = () => document.getElementById('swipe-announcement')!.textContent;
const key = (name: 'ArrowLeft' | 'ArrowRight') => act(() => void fireEvent.keyDown(window, { key: name }));

function renderGame() {
  return renderWithProviders(<SwipeGamePage />, { user: makeUser(), route: '/swipe-game' });
}

describe('the swipe game (/swipe-game)', () => {
  it('likes with the right arrow and passes with the left one, each card in turn, and says so', async () => {
    const api = stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5])),
      'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
      'POST /api/like.php': (body) => liked((body as { profile_id: number }).profile_id),
      'POST /api/pass.php': { body: { ok: true } },
    });
    renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    expect(screen.getByRole('article', { name: 'Member 1, 30' })).toBeTruthy();

    key('ArrowRight');
    await waitFor(() => expect(sentBodies(api, 'POST /api/like.php')).toEqual([{ profile_id: 1, source: 'swipe' }]));
    expect(announcement()).toBe('You liked Member 1. Next: Member 2, 30.');
    expect(topCard()?.dataset.profileId).toBe('2');

    key('ArrowLeft');
    await waitFor(() => expect(sentBodies(api, 'POST /api/pass.php')).toEqual([{ profile_id: 2 }]));
    expect(announcement()).toBe('You passed on Member 2. Next: Member 3, 30.');

    key('ArrowRight');
    await waitFor(() => expect(sentBodies(api, 'POST /api/like.php')).toHaveLength(2));
    expect(sentBodies(api, 'POST /api/like.php')[1]).toEqual({ profile_id: 3, source: 'swipe' });
    expect(topCard()?.dataset.profileId).toBe('4');
  });

  it('carries the actions on buttons named after the profile on top', async () => {
    const api = stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5])),
      'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
      'POST /api/like.php': liked(1),
      'POST /api/pass.php': { body: { ok: true } },
    });
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Pass Member 1' }));
    await waitFor(() => expect(sentBodies(api, 'POST /api/pass.php')).toEqual([{ profile_id: 1 }]));
    fireEvent.click(screen.getByRole('button', { name: 'Like Member 2' }));
    await waitFor(() => expect(sentBodies(api, 'POST /api/like.php')).toEqual([{ profile_id: 2, source: 'swipe' }]));
    expect(screen.getByRole('link', { name: "View Member 3's profile" }).getAttribute('href')).toBe('/members/3');
  });

  it('leaves the arrow keys to a field that has the focus', async () => {
    const api = stubApi({ 'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5])) });
    renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    const field = document.createElement('input');
    document.body.append(field);
    act(() => void fireEvent.keyDown(field, { key: 'ArrowRight' }));
    field.remove();
    expect(topCard()?.dataset.profileId).toBe('1');
    expect(sentBodies(api, 'POST /api/like.php')).toEqual([]);
  });

  it('at 0 Likes left offers no like: the Like button is off with the countdown and the Premium offer, Pass still works (issue 29)', async () => {
    const api = stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3], 0)),
      'POST /api/pass.php': { body: { ok: true } },
    });
    renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    const likeButton = screen.getByRole('button', { name: /Like Member 1/ }) as HTMLButtonElement;
    expect(likeButton.disabled).toBe(true);
    expect(likeButton.getAttribute('aria-describedby')).toBe('swipe-limit-notice');
    const notice = await waitFor(() => {
      const element = document.getElementById('swipe-limit-notice');
      expect(element?.textContent).toContain('Please wait:');
      return element!;
    });
    expect(within(notice).getByRole('timer').textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(within(notice).getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(notice.textContent).toContain('Premium members give Likes without a daily limit');
    expect(document.getElementById('swipe-likes-left')).toBeNull();
    // The right arrow sends nothing; the left one still passes.
    key('ArrowRight');
    expect(topCard()?.dataset.profileId).toBe('1');
    key('ArrowLeft');
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('2'));
    expect(sentBodies(api, 'POST /api/like.php')).toEqual([]);
    expect(sentBodies(api, 'POST /api/pass.php')).toHaveLength(1);
  });

  it('when the server says the limit is reached, puts the card back on top and shows the swipe text with its countdown', async () => {
    stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5], 1)),
      'POST /api/like.php': apiError(429, 'like_limit_reached', 'You have no Swipes and Likes left for today.'),
    });
    const { queryClient } = renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    key('ArrowRight');
    const notice = await waitFor(() => {
      const element = document.getElementById('swipe-limit-notice');
      expect(element).not.toBeNull();
      return element!;
    });
    await waitFor(() =>
      expect(notice.textContent).toContain('You have no Swipes and Likes left for today. Tomorrow you can have another go! Please wait:'),
    );
    expect(notice.dataset.variant).toBe('swipe');
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    // Said once, in place: liking opened no dialog on top saying it again (the shell shows what is
    // in this cache entry; useLikeAction writes it before the refusal reaches the game).
    expect(queryClient.getQueryData(['like-dialog']) ?? null).toBeNull();
    expect(announcement()).toContain('Your like for Member 1 was not sent');
  });

  it('takes away for good a card the server refuses to take', async () => {
    stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5])),
      'POST /api/pass.php': apiError(403, 'cannot_pass', 'This profile is not available.'),
    });
    renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    key('ArrowLeft');
    await waitFor(() => expect(announcement()).toBe('This profile is not available.'));
    expect(topCard()?.dataset.profileId).toBe('2');
  });

  it('brings a card back when the server fails even after its retries', async () => {
    stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5])),
      'POST /api/pass.php': apiError(503, 'unavailable', 'Try again later.'),
    });
    renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      key('ArrowLeft');
      expect(topCard()?.dataset.profileId).toBe('2');
      // The client's retries (0.5 + 1 + 2 + 4 + 8 s) come first.
      await act(() => vi.advanceTimersByTimeAsync(20_000));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    expect(announcement()).toBe('That did not work: Member 1 is back on top. Please try again.');
  });

  it('fetches the next page while cards remain, without repeating those still waiting', async () => {
    const api = stubApi({
      'GET /api/swipe-stack.php': pages(stack([1, 2, 3, 4, 5]), stack([4, 5, 6, 7])),
      'POST /api/pass.php': { body: { ok: true } },
    });
    renderGame();
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('1'));
    const stackCalls = () => api.mock.calls.filter(([input]) => String(input).includes('/api/swipe-stack.php')).length;
    expect(stackCalls()).toBe(1);
    key('ArrowLeft');
    key('ArrowLeft');
    // Three cards left (3, 4, 5): the next page is asked for before the stack runs dry.
    await waitFor(() => expect(stackCalls()).toBe(2));
    for (const expected of ['3', '4', '5', '6']) {
      await waitFor(() => expect(topCard()?.dataset.profileId).toBe(expected));
      key('ArrowLeft');
    }
    await waitFor(() => expect(topCard()?.dataset.profileId).toBe('7'));
  });

  it('says when nobody is left, with the way to the match finder and search', async () => {
    stubApi({ 'GET /api/swipe-stack.php': stack([]) });
    renderGame();
    const empty = await waitFor(() => {
      const element = document.getElementById('swipe-empty');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(empty.textContent).toContain("That's everyone for now");
    expect(screen.getByRole('link', { name: 'Match finder' }).getAttribute('href')).toBe('/match-finder');
    expect(screen.getByRole('button', { name: 'Like' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves the focus from the buttons to the end message when the last card goes', async () => {
    stubApi({ 'GET /api/swipe-stack.php': pages(stack([1])), 'POST /api/pass.php': { body: { ok: true } } });
    renderGame();
    const pass = await screen.findByRole('button', { name: 'Pass Member 1' });
    pass.focus();
    fireEvent.click(pass);
    await waitFor(() => expect(document.activeElement?.textContent).toBe("That's everyone for now"));
  });

  it('marks a fictional profile on its card', async () => {
    stubApi({
      'GET /api/swipe-stack.php': {
        body: { profiles: [card(9, { is_fictional: true, city: 'York' })], likes_left: null, likes_reset_at: RESET_AT },
      },
    });
    renderGame();
    await waitFor(() => expect(topCard()?.textContent).toContain('fictional profile'));
    expect(topCard()?.textContent).toContain('York');
  });
});
