import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { TAutoLikeAnswer } from '@cupido/shared/contracts/likes';
import { sentQueries, stubApi } from '../../test/api-stub';
import { PACKAGES_STUB } from '../conversation/test/conversation-test-kit';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { makeCard } from '../../test/profile-fixtures';
import { LikesProvider } from '../likes';
import AutoLike from './auto-like';
import { AUTO_LIKE_ASKED_KEY, AUTO_LIKE_SETTLE_SECONDS, autoLikeDelaySeconds, removeAutoLikeDelayParam } from './auto-like-timing';

const member = makeUser();
const fictionalLike: TAutoLikeAnswer = {
  profile: {
    ...makeCard(77, { name: 'Lena', age: 27, is_fictional: true }),
    like_state: 'liked_you',
    like_new: true,
    fictional: { icon: '★', singular: 'fictional profile', warning: 'Lena is a fictional profile run by our staff.' },
  },
};

beforeAll(async () => {
  // The modal's chunk, loaded once with real timers, so the fake clock below decides only when it shows.
  await import('../likes/match-modal-view');
});

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function renderAutoLike(delaySeconds: number | null = null) {
  return renderWithProviders(
    <LikesProvider>
      <AutoLike userId={member.id} delaySeconds={delaySeconds} />
    </LikesProvider>,
    { user: member, route: '/members' },
  );
}

/** The shell's own calls around the auto-like: the likes store and the browser's time zone. */
// The match modal shows the chat's price of a message, from the member's packages, and so
// watches the session, which refreshes itself after 5 s of the fake clock.
const shellStubs = {
  'GET /api/likes.php': { body: { profiles: [], liked_by: [] } },
  'GET /api/user.php': { body: { user: member } },
  'PUT /api/user.php': { body: { user: member } },
  'GET /api/credit-packages.php': PACKAGES_STUB,
};

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const modal = () => document.getElementById('match-modal');
const autoLikeCalls = (api: ReturnType<typeof stubApi>) => sentQueries(api, 'GET /api/auto-like.php').length;

describe('the auto-like and t=<seconds>', () => {
  it('shows the new-like modal after t seconds, then takes t out of the address and reloads chats 500 ms later', async () => {
    window.history.replaceState({ idx: 3 }, '', '/members?gender=female&t=5#top');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = stubApi({ 'GET /api/auto-like.php': { body: fictionalLike }, ...shellStubs });
    const { queryClient } = renderAutoLike(5);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const chatsReloads = () => invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === '["chats"]').length;

    await advance(4_900);
    expect(autoLikeCalls(api)).toBe(1);
    expect(modal()).toBeNull();
    expect(window.location.search).toBe('?gender=female&t=5');

    await advance(100);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/members?gender=female#top');
    expect(window.history.state).toEqual({ idx: 3 });
    await vi.waitFor(() => expect(modal()).not.toBeNull());
    expect(modal()!.textContent).toContain('Lena, 27');
    expect(document.getElementById('match-modal-fictional')!.textContent).toBe('Lena is a fictional profile run by our staff.');

    expect(chatsReloads()).toBe(0);
    await advance(500);
    expect(chatsReloads()).toBe(1);
  });

  it('without t asks once per session, on entering the members area, and shows the like once the page has settled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = stubApi({ 'GET /api/auto-like.php': { body: fictionalLike }, ...shellStubs });
    const first = renderAutoLike();
    await advance(AUTO_LIKE_SETTLE_SECONDS * 1000 - 100);
    expect(autoLikeCalls(api)).toBe(1);
    expect(modal()).toBeNull();
    await advance(100);
    await vi.waitFor(() => expect(modal()).not.toBeNull());
    first.unmount();

    renderAutoLike();
    await act(async () => {});
    expect(autoLikeCalls(api)).toBe(1);
  });

  it('a remount before the like shows (development double effects) takes the same answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = stubApi({ 'GET /api/auto-like.php': { body: fictionalLike }, ...shellStubs });
    renderAutoLike().unmount();
    renderAutoLike();
    await advance(AUTO_LIKE_SETTLE_SECONDS * 1000);
    await vi.waitFor(() => expect(modal()).not.toBeNull());
    expect(autoLikeCalls(api)).toBe(1);
  });

  it('asks again in the same session when the page was loaded with t', async () => {
    window.sessionStorage.setItem(AUTO_LIKE_ASKED_KEY, '1');
    window.history.replaceState(null, '', '/members?t=0');
    const api = stubApi({ 'GET /api/auto-like.php': { body: fictionalLike }, ...shellStubs });
    renderAutoLike(0);
    await vi.waitFor(() => expect(modal()).not.toBeNull());
    expect(autoLikeCalls(api)).toBe(1);
    expect(window.location.search).toBe('');
  });

  it('shows nothing when no profile likes the member, and still takes t away at its time', async () => {
    window.history.replaceState(null, '', '/members?t=2');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = stubApi({ 'GET /api/auto-like.php': { body: { profile: null } }, ...shellStubs });
    renderAutoLike(2);
    await advance(1_999);
    expect(window.location.search).toBe('?t=2');
    await advance(1);
    expect(window.location.search).toBe('');
    expect(autoLikeCalls(api)).toBe(1);
    expect(modal()).toBeNull();
  });
});

describe('t in the address', () => {
  it('reads whole seconds up to an hour, nothing else', () => {
    expect(autoLikeDelaySeconds('?t=5')).toBe(5);
    expect(autoLikeDelaySeconds('?a=1&t=0')).toBe(0);
    expect(autoLikeDelaySeconds('?t=3600')).toBe(3600);
    expect(autoLikeDelaySeconds('?t=3601')).toBeNull();
    expect(autoLikeDelaySeconds('?t=-1')).toBeNull();
    expect(autoLikeDelaySeconds('?t=1.5')).toBeNull();
    expect(autoLikeDelaySeconds('?t=')).toBeNull();
    expect(autoLikeDelaySeconds('?time=5')).toBeNull();
  });

  it('leaves the address untouched when there is no t', () => {
    const history = { state: null, replaceState: vi.fn() };
    removeAutoLikeDelayParam({ href: 'https://cupido.test/members?page=2' }, history);
    expect(history.replaceState).not.toHaveBeenCalled();
    removeAutoLikeDelayParam({ href: 'https://cupido.test/members?t=4&page=2' }, history);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/members?page=2');
  });
});
