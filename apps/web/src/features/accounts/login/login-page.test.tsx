import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { i18n } from '../../../i18n/i18n';
import { SESSION_QUERY_KEY } from '../../session/use-session';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { currentLocation, LocationProbe } from '../../../test/location-probe';
import { makeUser, renderWithProviders, type RenderOptions } from '../../../test/render-with-providers';
import LoginPage from './login-page';
import { safeRedirect } from './safe-redirect';

function renderLogin(route = '/login', options: RenderOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route, ...options },
  ).queryClient;
}

function renderWithProbe(route: string, options: RenderOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, ...options },
  ).queryClient;
}

async function logIn(email = 'anna@example.com', password = 'secret password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('login page', () => {
  it('a locked account (after "This was not me") says to use the reset link, above the button', async () => {
    const message = 'This account is locked for your security. Use the link in the e-mail we sent you to choose a new password.';
    stubApi({ 'POST /api/user.php': apiError(403, 'account_locked', message) });
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(screen.getByRole('link', { name: /Forgot/ }).getAttribute('href')).toBe('/reset-password');
  });

  it('labels its fields for password managers and links to the password reset', () => {
    renderLogin();
    expect(screen.getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(document.title).toMatch(/^Log in \| /);
  });

  it("shows the server's message when the login fails, and when the account is blocked", async () => {
    stubApi({ 'POST /api/user.php': apiError(401, 'login_failed', 'Login failed, please try again.') });
    renderLogin();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again.');
    expect(document.getElementById('login-error')).not.toBeNull();

    vi.restoreAllMocks();
    const fetch = stubApi({
      'POST /api/user.php': apiError(429, 'login_blocked', 'Too many incorrect attempts, account blocked for 15 min.'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many incorrect attempts, account blocked for 15 min.'));
    expect(fetch).toHaveBeenCalledTimes(1); // not retried
  });

  it('checks the fields before asking the server', async () => {
    const fetch = stubApi({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(document.getElementById('login-email-error')!.textContent).toBe('Invalid email');
    expect(document.getElementById('login-password-error')!.textContent).toBe('Enter your password');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an account pending deletion offers the reactivation mail', async () => {
    stubApi({
      'POST /api/user.php': apiError(403, 'account_pending_deletion', 'This account is pending deletion.'),
      'POST /api/reactivation-mail.php': { body: { sent: true } },
    });
    renderLogin();
    await logIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a reactivation e-mail' }));
    expect(await screen.findByText(/We sent a reactivation link to anna@example.com/)).toBeTruthy();
  });

  it('prefills the e-mail address from the signup "log in instead" link', () => {
    renderLogin('/login?email=anna%2B1%40example.com');
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('anna+1@example.com');
  });

  it('logs in, stores the member, and goes to the redirect path', async () => {
    const member = makeUser();
    const fetch = stubApi({ 'POST /api/user.php': { body: { user: member } } });
    const queryClient = renderWithProbe('/login?redirect=%2Fnotifications%3Ftab%3D1');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/notifications?tab=1'));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(member);
    expect(sentBodies(fetch, 'POST /api/user.php')).toEqual([{ email: 'anna@example.com', password: 'secret password' }]);
  });

  it("switches the interface to the member's language after login", async () => {
    stubApi({ 'POST /api/user.php': { body: { user: makeUser({ language: 'nl' }) } } });
    renderWithProbe('/login');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/members'));
    await waitFor(() => expect(i18n.language).toBe('nl'));
  });

  it('sends a logged-in visitor on to the members page', async () => {
    renderWithProbe('/login', { user: makeUser() });
    await waitFor(() => expect(currentLocation()).toBe('/members'));
  });
});

describe('safe redirect after login', () => {
  const origin = 'https://cupido.test';
  it('keeps paths of this site, with their query', () => {
    expect(safeRedirect('/chats/12?x=1', origin)).toBe('/chats/12?x=1');
    expect(safeRedirect('/notifications', origin)).toBe('/notifications');
  });
  it('refuses other sites and odd values, falling back to /members', () => {
    for (const value of [
      null,
      '',
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'members',
      '/login?redirect=/x',
    ]) {
      expect(safeRedirect(value, origin)).toBe('/members');
    }
  });
});
