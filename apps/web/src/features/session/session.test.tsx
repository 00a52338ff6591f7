import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import { apiPost, ApiError, request } from '../../api/client';
import { usePageTitle } from '../page-title/use-page-title';
import { apiError, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { createTestQueryClient, makeUser, renderWithProviders } from '../../test/render-with-providers';
import { isAuthenticationRequired } from './query-client';
import { RequireMember, RequireSearchAccess } from './require-member';
import {
  memberRefresh,
  memberRefreshInterval,
  SESSION_FIRST_REFRESH_MS,
  SESSION_QUERY_KEY,
  SESSION_REFRESH_MS,
  SESSION_REFRESH_WITH_PUSH_MS,
  sessionQueryOptions,
  useSession,
} from './use-session';

afterEach(() => vi.restoreAllMocks());

function SessionState() {
  const { loggedIn, status, user } = useSession();
  return <p data-testid="session">{`${status} ${loggedIn ? `member ${user!.profile.name}` : 'visitor'}`}</p>;
}

describe('session', () => {
  it('asks GET /api/user.php (X-Request-Type: client) and is loading until it answers', async () => {
    const fetch = stubApi({ 'GET /api/user.php': { body: { user: makeUser({ profile: { ...makeUser().profile, name: 'Bo' } }) } } });
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <SessionState />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('session').textContent).toBe('loading visitor');
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('ready member Bo'));
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['X-Request-Type']).toBe('client');
  });

  it('a visitor is null and ready', async () => {
    stubApi({ 'GET /api/user.php': { body: { user: null } } });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <SessionState />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('ready visitor'));
  });

  it('refreshes a member after 5 s, then every 60 s; a visitor is not polled', () => {
    const interval = sessionQueryOptions.refetchInterval;
    const member = makeUser();
    expect(interval({ state: { data: member, dataUpdateCount: 1 } })).toBe(SESSION_FIRST_REFRESH_MS);
    expect(interval({ state: { data: member, dataUpdateCount: 2 } })).toBe(SESSION_REFRESH_MS);
    expect(interval({ state: { data: null, dataUpdateCount: 3 } })).toBe(false);
    expect([SESSION_FIRST_REFRESH_MS, SESSION_REFRESH_MS]).toEqual([5_000, 60_000]);
  });

  it('refreshes the member, the chats and the likes every 300 s instead of 60 s while push is subscribed (features/web-push sets it)', () => {
    expect(SESSION_REFRESH_WITH_PUSH_MS).toBe(300_000);
    memberRefresh.ms = SESSION_REFRESH_WITH_PUSH_MS;
    try {
      expect(memberRefreshInterval({ state: { dataUpdateCount: 1 } })).toBe(SESSION_FIRST_REFRESH_MS);
      expect(memberRefreshInterval({ state: { dataUpdateCount: 2 } })).toBe(300_000);
      expect(sessionQueryOptions.refetchInterval({ state: { data: makeUser(), dataUpdateCount: 2 } })).toBe(300_000);
    } finally {
      memberRefresh.ms = SESSION_REFRESH_MS;
    }
  });
});

function Settings() {
  const change = useMutation({ mutationFn: () => apiPost('/api/password.php', { old_password: 'a', new_password: 'b' }) });
  return (
    <>
      <button onClick={() => change.mutate()}>change</button>
      {change.isError && !isAuthenticationRequired(change.error) && <p role="alert">{change.error.message}</p>}
    </>
  );
}

function Chats() {
  useQuery({ queryKey: ['chats'], queryFn: () => request('/api/chats.php') });
  return null;
}

describe('silent logout on authentication_required (spec sections 4 and 8)', () => {
  it('a mutation answering 403 authentication_required logs the member out without a message', async () => {
    stubApi({ 'POST /api/password.php': apiError(403, 'authentication_required', 'Please log in to continue') });
    const { queryClient } = renderWithProviders(
      <>
        <SessionState />
        <Settings />
      </>,
      { user: makeUser() },
    );
    expect(screen.getByTestId('session').textContent).toBe('ready member Anna');
    await userEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('ready visitor'));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('Please log in to continue');
  });

  it('a query answering it does the same; members-area pages then ask to log in', async () => {
    stubApi({ 'GET /api/chats.php': apiError(403, 'authentication_required', 'Please log in to continue') });
    renderWithProviders(
      <>
        <Routes>
          <Route element={<RequireMember />}>
            <Route path="/chats" element={<Chats />} />
          </Route>
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </>,
      { user: makeUser(), route: '/chats' },
    );
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fchats'));
  });

  it('other 403s and a 403 from user.php itself leave the session alone', () => {
    expect(isAuthenticationRequired(new ApiError(403, 'authentication_required', 'x', undefined, '/api/password.php'))).toBe(true);
    expect(isAuthenticationRequired(new ApiError(403, 'authentication_required', 'x', undefined, '/api/user.php'))).toBe(false);
    expect(isAuthenticationRequired(new ApiError(403, 'account_pending_deletion', 'x', undefined, '/api/user.php'))).toBe(false);
    expect(isAuthenticationRequired(new ApiError(401, 'authentication_required', 'x', undefined, '/api/chats.php'))).toBe(false);
    expect(isAuthenticationRequired(new Error('x'))).toBe(false);
  });
});

describe('members-area guard', () => {
  function renderGuarded(route: string, user: ReturnType<typeof makeUser> | null) {
    return renderWithProviders(
      <>
        <Routes>
          <Route element={<RequireMember />}>
            <Route path="/notifications" element={<p>settings</p>} />
          </Route>
          <Route path="/login" element={<p>login</p>} />
        </Routes>
        <LocationProbe />
      </>,
      { route, user },
    );
  }

  it('sends a logged-out visitor to /login?redirect=<path and query>', async () => {
    renderGuarded('/notifications?x=1', null);
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fnotifications%3Fx%3D1'));
    expect(screen.getByText('login')).toBeTruthy();
  });

  it('lets a member in', () => {
    renderGuarded('/notifications', makeUser());
    expect(screen.getByText('settings')).toBeTruthy();
    expect(currentLocation()).toBe('/notifications');
  });

  it('waits (spinner) while the session loads', () => {
    stubApi({ 'GET /api/user.php': 'pending' });
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/notifications']}>
          <Routes>
            <Route element={<RequireMember />}>
              <Route path="/notifications" element={<p>settings</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('settings')).toBeNull();
  });
});

function TitledPage() {
  usePageTitle('Settings');
  return null;
}

describe('page title prefix (spec section 2)', () => {
  it('prefixes unread messages plus new likes in brackets', async () => {
    renderWithProviders(<TitledPage />, { user: makeUser(), activity: { unreadMessages: 2, newLikes: 1 } });
    await waitFor(() => expect(document.title).toBe('(3) Settings | Cupido Test'));
  });

  it('shows no prefix at zero', async () => {
    renderWithProviders(<TitledPage />, { user: makeUser() });
    await waitFor(() => expect(document.title).toBe('Settings | Cupido Test'));
  });
});

describe('search guard (members, profile pages)', () => {
  function renderSearchGuarded(user: ReturnType<typeof makeUser> | null, settings: Partial<TSettings>) {
    return renderWithProviders(
      <>
        <Routes>
          <Route element={<RequireSearchAccess />}>
            <Route path="/members" element={<p>search</p>} />
          </Route>
          <Route path="/login" element={<p>login</p>} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/members?gender=female', user, settings },
    );
  }

  afterEach(() => window.localStorage.clear());

  it('lets a member in, whatever the site allows visitors', () => {
    renderSearchGuarded(makeUser(), { logged_out_search: 'none' });
    expect(screen.getByText('search')).toBeTruthy();
  });

  it('lets a visitor search where the site allows logged-out search', () => {
    renderSearchGuarded(null, { logged_out_search: 'all' });
    expect(screen.getByText('search')).toBeTruthy();
  });

  it('lets a visitor with a traffic source in where the site allows that', () => {
    window.localStorage.setItem('tracking', JSON.stringify({ ref: 'partner' }));
    renderSearchGuarded(null, { logged_out_search: 'none', logged_out_search_trafficsource: 'all' });
    expect(screen.getByText('search')).toBeTruthy();
  });

  it('sends other visitors to log in first', async () => {
    window.localStorage.setItem('tracking', JSON.stringify({ email: 'a@b.c' }));
    renderSearchGuarded(null, { logged_out_search: 'none', logged_out_search_trafficsource: 'all' });
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fmembers%3Fgender%3Dfemale'));
  });
});
