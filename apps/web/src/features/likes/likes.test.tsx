import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FREE_DAILY_LIKES } from '@cupido/shared/rules/likes';
import { usePageTitle } from '../page-title/use-page-title';
import { TopNavigation } from '../navigation/top-navigation';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { setAppBadge } from '../session/activity-counts';
import { LikeButton } from './like-button';
import { LikesProvider, LikeLimitNotice, MatchModal } from './likes-provider';
import { PACKAGES_STUB } from '../conversation/test/conversation-test-kit';
import { likeAnswer, likedCard, likesAnswer } from './test/likes-test-kit';
import { useLikes } from './use-likes';
import { useLikeStateOf } from './like-state';
import { useMarkLikeSeen } from './use-mark-like-seen';
import { browserTimeZone } from './time-zone';

/** A member whose stored zone is the browser's: the shell has no time zone to send. */
const member = () => makeUser({ time_zone: browserTimeZone() });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function States({ ids }: { ids: number[] }) {
  const { newLikes } = useLikes();
  const stateOf = useLikeStateOf();
  return <p data-testid="states">{`${ids.map((id) => `${id}:${stateOf(id)}`).join(' ')} new:${newLikes}`}</p>;
}

describe('likes store', () => {
  it('gives each profile its state from the two lists and counts the new likes', async () => {
    stubApi({
      'GET /api/likes.php': likesAnswer(
        [1, 2],
        [
          [2, false],
          [3, true],
          [4, true],
        ],
      ),
    });
    renderWithProviders(<States ids={[1, 2, 3, 5]} />, { user: member() });
    await waitFor(() => expect(screen.getByTestId('states').textContent).toBe('1:liked 2:match 3:liked_you 5:none new:2'));
  });

  it('is not asked for a visitor', () => {
    const fetch = stubApi({});
    renderWithProviders(<States ids={[1]} />);
    expect(screen.getByTestId('states').textContent).toBe('1:none new:0');
    expect(fetch).not.toHaveBeenCalled();
  });
});

function TitledPage() {
  usePageTitle('Search');
  return <TopNavigation />;
}

describe('new likes in the shell', () => {
  it('count in the Likes badge, the title prefix and the app badge', async () => {
    const setBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge: setBadge, clearAppBadge: vi.fn(() => Promise.resolve()) });
    stubApi({
      'GET /api/likes.php': likesAnswer(
        [],
        [
          [3, true],
          [4, true],
          [5, false],
        ],
      ),
    });
    renderWithProviders(
      <LikesProvider>
        <TitledPage />
      </LikesProvider>,
      { user: member(), activity: { unreadMessages: 1, newLikes: 0 } },
    );
    await waitFor(() => expect(document.title).toBe('(3) Search | Cupido Test'));
    await waitFor(() => expect(document.querySelector('#nav-likes .badge')?.textContent).toBe('2'));
    expect(setBadge).toHaveBeenLastCalledWith(3);
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });

  it('the Likes badge shows 99+ from 100 new likes', async () => {
    const hundred = Array.from({ length: 100 }, (_, i): [number, boolean] => [i + 1, true]);
    stubApi({ 'GET /api/likes.php': likesAnswer([], hundred) });
    renderWithProviders(
      <LikesProvider>
        <TitledPage />
      </LikesProvider>,
      { user: member() },
    );
    await waitFor(() => expect(document.querySelector('#nav-likes .badge')?.textContent).toBe('99+'));
    expect(document.title).toBe('(100) Search | Cupido Test');
  });

  it('the app badge clears at 0 and ignores a browser without the API or refusing it', async () => {
    const clear = vi.fn(() => Promise.resolve());
    setAppBadge(0, { clearAppBadge: clear, setAppBadge: vi.fn() });
    expect(clear).toHaveBeenCalledOnce();
    expect(() => setAppBadge(4, {})).not.toThrow();
    expect(() => setAppBadge(4, { setAppBadge: () => Promise.reject(new Error('not installed')) })).not.toThrow();
    expect(() =>
      setAppBadge(4, {
        setAppBadge: () => {
          throw new Error('denied');
        },
      }),
    ).not.toThrow();
    await Promise.resolve();
  });
});

function renderButton(props: Partial<Parameters<typeof LikeButton>[0]> = {}) {
  return renderWithProviders(
    <LikesProvider>
      <LikeButton profileId={9} name="Chris" source="profile" {...props} />
    </LikesProvider>,
    { user: member() },
  );
}

describe('LikeButton', () => {
  it.each([
    [[], [], 'false', null],
    [[9], [], 'true', 'You like them'],
    [[], [[9, true]], 'false', 'Likes you'],
    [[9], [[9, false]], 'true', 'Match'],
  ] as const)('likes %j, liked by %j: pressed %s, label %s', async (liked, likedBy, pressed, label) => {
    stubApi({
      'GET /api/likes.php': likesAnswer(
        [...liked],
        likedBy.map(([id, isNew]) => [id, isNew]),
      ),
    });
    renderButton();
    const button = screen.getByRole('button', { name: /Like/ });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe(pressed));
    await waitFor(() => expect(document.querySelector('.like-state')?.textContent ?? null).toBe(label));
  });

  it('likes with its source, then shows the new state; unliking sends DELETE', async () => {
    let liked: number[] = [];
    const fetch = stubApi({
      'GET /api/likes.php': () => likesAnswer(liked),
      'POST /api/like.php': () => {
        liked = [9];
        return likeAnswer(9);
      },
      'DELETE /api/like.php': () => {
        liked = [];
        return likeAnswer(9, { like_state: 'none' });
      },
    });
    renderButton();
    const button = screen.getByRole('button', { name: /Like/ });
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/likes.php').length).toBe(1));
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('You like them')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/like.php')).toEqual([{ profile_id: 9, source: 'profile' }]);

    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(sentBodies(fetch, 'DELETE /api/like.php')).toEqual([{ profile_id: 9 }]);
    expect(document.querySelector('.like-state')).toBeNull();
  });

  it('on cards is a compact heart named after the profile', async () => {
    stubApi({ 'GET /api/likes.php': likesAnswer([9]) });
    renderButton({ compact: true });
    const heart = screen.getByRole('button', { name: 'Like Chris' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(heart.textContent).toBe('♥');
  });

  it('a like that completes a match opens the match modal, which closes on Escape', async () => {
    stubApi({
      'GET /api/likes.php': likesAnswer([], [[9, false]]),
      'POST /api/like.php': likeAnswer(9, { like_state: 'match', match: likedCard(9, { name: 'Chris', age: 33, like_state: 'match' }) }),
      'GET /api/credit-packages.php': PACKAGES_STUB,
    });
    renderButton();
    const button = screen.getByRole('button', { name: /Like/ });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(within(dialog).getByText('Chris, 33')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe('/members/9/chat');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('the fifth like of the day shows the limit notice with its countdown', async () => {
    stubApi({
      'GET /api/likes.php': likesAnswer(),
      'POST /api/like.php': apiError(429, 'like_limit_reached', 'No Likes left today.'),
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: /Like/ }));
    const dialog = await screen.findByRole('dialog', { name: 'No Likes left today' });
    const notice = await within(dialog).findByRole('status');
    expect(notice.textContent).toMatch(/^You can give out 4 Likes per day\. Tomorrow you may give another 4! Please wait: \d\d:\d\d:\d\d/);
    // Not only the wait: Premium, whose Likes have no daily limit (issue 29).
    expect(notice.textContent).toContain(
      'Premium members give Likes without a daily limit, and any credit purchase makes you Premium for life.',
    );
    expect(within(dialog).getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.getByRole('button', { name: /Like/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('too many likes at once shows what the server says, without a countdown', async () => {
    stubApi({
      'GET /api/likes.php': likesAnswer(),
      'POST /api/like.php': apiError(429, 'too_many_likes', 'You are giving Likes very quickly. Please wait a minute and try again.'),
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: /Like/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Please slow down' });
    expect(within(dialog).getByRole('status').textContent).toBe('You are giving Likes very quickly. Please wait a minute and try again.');
    expect(within(dialog).queryByRole('timer')).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when a like failed otherwise', async () => {
    stubApi({ 'GET /api/likes.php': likesAnswer(), 'POST /api/like.php': apiError(403, 'cannot_like', 'You cannot like this member.') });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: /Like/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('That did not work. Please try again.');
  });
});

describe('LikeLimitNotice', () => {
  it('counts down every second without re-announcing, in both texts', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T21:00:00Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderWithProviders(<LikeLimitNotice variant="swipe" resetAt={new Date('2026-11-23T23:00:00Z')} />);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe('02:00:00');
    expect(timer.getAttribute('aria-live')).toBe('off');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain(
      'You have no Swipes and Likes left for today. Tomorrow you can have another go! Please wait: 02:00:00',
    );
    act(() => vi.advanceTimersByTime(61_000));
    expect(timer.textContent).toBe('01:58:59');
    act(() => vi.advanceTimersByTime(2 * 3600_000));
    expect(timer.textContent).toBe('00:00:00');
  });

  it('says the default text elsewhere', async () => {
    renderWithProviders(<LikeLimitNotice resetAt={new Date(Date.now() + 3_600_000)} />);
    expect((await screen.findByRole('status')).textContent).toContain(
      `You can give out ${FREE_DAILY_LIKES} Likes per day. Tomorrow you may give another ${FREE_DAILY_LIKES}! Please wait: `,
    );
  });
});

describe('MatchModal', () => {
  it('shows a new like of a fictional profile with the badge and the notice, and closes on a click', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <MatchModal
        profile={likedCard(4, { name: 'Dana', age: 29, like_state: 'liked_you', is_fictional: true, fictional_icon: '★' })}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dana likes you!' });
    expect(within(dialog).getByText('fictional profile')).toBeTruthy();
    expect(dialog.querySelector('#match-modal-fictional')!.textContent).toBe(
      'Some profiles on this site are fictional and are run by our staff.',
    );
    fireEvent.click(within(dialog).getByText('Dana, 29'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows under Send a message the chat's price of a message, from the member's packages", async () => {
    stubApi({ 'GET /api/likes.php': likesAnswer([], []), 'GET /api/credit-packages.php': PACKAGES_STUB });
    renderWithProviders(<MatchModal profile={likedCard(4, { like_state: 'match' })} onClose={vi.fn()} />, { user: member() });
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(within(dialog).getByRole('link', { name: 'Send a message' })).toBeTruthy();
    await waitFor(() => expect(dialog.querySelector('#match-modal-price')?.textContent).toBe('from £0.35 per message'));
  });

  it("a match shows both: the member's own photo and name beside the match's (issue 29)", async () => {
    stubApi({ 'GET /api/likes.php': likesAnswer([], []), 'GET /api/credit-packages.php': PACKAGES_STUB });
    const user = member();
    renderWithProviders(
      <MatchModal
        profile={likedCard(4, { like_state: 'match', name: 'Chris', age: 33, main_image: '/photos/chris.jpg' })}
        onClose={vi.fn()}
      />,
      { user },
    );
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    const pair = dialog.querySelector('#match-modal-pair')!;
    expect(pair.querySelectorAll('figure')).toHaveLength(2);
    expect(pair.querySelector('#match-modal-own-name')!.textContent).toBe(user.profile.name);
    expect(pair.querySelector('#match-modal-name')!.textContent).toBe('Chris, 33');
    expect(pair.querySelector('img[src="/photos/chris.jpg"]')).not.toBeNull();
  });

  it('keeps the focus inside and closes on Escape', async () => {
    const onClose = vi.fn();
    renderWithProviders(<MatchModal profile={likedCard(4, { like_state: 'match' })} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(dialog.querySelector('#match-modal-fictional')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});

function SeenProbe({ id }: { id: number | null }) {
  useMarkLikeSeen(id);
  return <States ids={[]} />;
}

describe('opening a liked-by profile', () => {
  it('clears its new-like flag once (POST /api/likes-seen.php), then the count drops', async () => {
    const fetch = stubApi({
      'GET /api/likes.php': likesAnswer(
        [],
        [
          [3, true],
          [4, true],
        ],
      ),
      'POST /api/likes-seen.php': { body: { ok: true } },
    });
    renderWithProviders(<SeenProbe id={3} />, { user: member() });
    await waitFor(() => expect(screen.getByTestId('states').textContent).toBe(' new:1'));
    expect(sentBodies(fetch, 'POST /api/likes-seen.php')).toEqual([{ profile_id: 3 }]);
  });

  it('keeps the flag cleared when a refresh that left before the server had it answers after', async () => {
    const unseen = likesAnswer(
      [],
      [
        [3, true],
        [4, true],
      ],
    );
    let answerRefresh: (answer: StubAnswer) => void = () => {};
    let answerSeen: (answer: StubAnswer) => void = () => {};
    let gets = 0;
    const fetch = stubApi({
      'GET /api/likes.php': () => {
        gets += 1;
        return gets === 1 ? unseen : new Promise<StubAnswer>((resolve) => (answerRefresh = resolve));
      },
      'POST /api/likes-seen.php': () => new Promise<StubAnswer>((resolve) => (answerSeen = resolve)),
    });
    const { queryClient } = renderWithProviders(<SeenProbe id={3} />, { user: member() });
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/likes-seen.php')).toEqual([{ profile_id: 3 }]));
    // The periodic refresh leaves while the server has not stored the opening yet...
    void queryClient.refetchQueries({ queryKey: ['likes'] });
    await waitFor(() => expect(gets).toBe(2));
    // ...the server answers the opening, and only then the refresh, with what it read before.
    await act(async () => answerSeen({ body: { ok: true } }));
    await waitFor(() => expect(screen.getByTestId('states').textContent).toBe(' new:1'));
    await act(async () => answerRefresh(unseen));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('states').textContent).toBe(' new:1');
  });

  it.each([
    ['a like already seen', 3],
    ['outside /likes/m', null],
  ])('asks nothing for %s', async (_case, id) => {
    const fetch = stubApi({
      'GET /api/likes.php': likesAnswer(
        [],
        [
          [3, false],
          [4, true],
        ],
      ),
    });
    renderWithProviders(<SeenProbe id={id} />, { user: member() });
    // The effect runs in the same commit as the answer it reads.
    await waitFor(() => expect(screen.getByTestId('states').textContent).toBe(' new:1'));
    expect(sentBodies(fetch, 'POST /api/likes-seen.php')).toEqual([]);
  });
});

describe("the member's time zone", () => {
  const other = browserTimeZone() === 'Pacific/Chatham' ? 'Europe/Amsterdam' : 'Pacific/Chatham';

  it.each([
    ['another zone', other],
    ['none yet', null],
  ])('is sent once when the account has %s', async (_case, stored) => {
    const fetch = stubApi({ 'GET /api/likes.php': likesAnswer(), 'PUT /api/user.php': { body: { user: member() } } });
    renderWithProviders(<LikesProvider>{null}</LikesProvider>, { user: makeUser({ time_zone: stored }) });
    await waitFor(() => expect(sentBodies(fetch, 'PUT /api/user.php')).toEqual([{ time_zone: browserTimeZone() }]));
  });

  it("is not sent when the account has the browser's", async () => {
    const fetch = stubApi({ 'GET /api/likes.php': likesAnswer() });
    renderWithProviders(<LikesProvider>{null}</LikesProvider>, { user: member() });
    // The sync runs in the commit that also starts the likes query.
    await waitFor(() => expect(sentBodies(fetch, 'GET /api/likes.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'PUT /api/user.php')).toEqual([]);
  });
});
