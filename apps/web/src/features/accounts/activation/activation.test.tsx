import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { currentLocation, LocationProbe } from '../../../test/location-probe';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import ActivationReminder from './activation-reminder';
import ActivateErrorPage from './activate-error-page';
import CompleteSignupPage from './complete-signup-page';

const unconfirmed = makeUser({ status: 'not_confirmed', email: 'anna@example.com' });

function pretendPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

function renderReminder(route = '/members') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<ActivationReminder user={unconfirmed} />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, user: unconfirmed },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('activation reminder', () => {
  it('asks to confirm the address and sends the link again', async () => {
    const fetch = stubApi({ 'POST /api/activation-mail.php': { body: { sent: true } } });
    renderReminder();
    expect(document.getElementById('activation-reminder')!.textContent).toContain(
      'Confirm your e-mail address: we sent a link to anna@example.com.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('We sent a new link to anna@example.com.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/activation-mail.php')).toEqual([{}]);
  });

  it("shows the server's refusal", async () => {
    stubApi({ 'POST /api/activation-mail.php': apiError(429, 'too_many_mails', 'Too many e-mails sent, please try again in an hour') });
    renderReminder();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many e-mails sent, please try again in an hour');
  });

  it('on desktop, right after signup: the alert, and the param leaves the URL', async () => {
    renderReminder('/members?api_signup_complete=1&x=2');
    await waitFor(() => expect(currentLocation()).toBe('/members?x=2'));
    expect(document.getElementById('activation-reminder')).not.toBeNull();
    expect(document.getElementById('activation-reminder-modal')).toBeNull();
  });

  it('on a smartphone, right after signup: a reminder modal instead, then the alert', async () => {
    pretendPhone();
    renderReminder('/members?api_signup_complete=1');
    const dialog = await screen.findByRole('dialog', { name: 'Check your inbox' });
    expect(dialog.textContent).toContain('We sent a link to anna@example.com.');
    expect(document.getElementById('activation-reminder')).toBeNull();
    await waitFor(() => expect(currentLocation()).toBe('/members'));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.getElementById('activation-reminder')).not.toBeNull());
  });

  it('stays off the complete-signup page, which says it all itself', () => {
    renderReminder('/complete-signup');
    expect(document.getElementById('activation-reminder')).toBeNull();
  });
});

describe('complete signup (/complete-signup)', () => {
  it('check your inbox, resend, and fix a mistyped address', async () => {
    const fetch = stubApi({ 'POST /api/email.php': { body: { user: { ...unconfirmed, pending_email: 'anna@gmail.com' } } } });
    const user = userEvent.setup();
    renderWithProviders(<CompleteSignupPage />, { user: unconfirmed, route: '/complete-signup' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByText(/We sent a link to anna@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
    await user.type(screen.getByLabelText('New e-mail address'), 'anna@gmail.com');
    await user.type(screen.getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('Confirm your new address via the link we sent to anna@gmail.com.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/email.php')).toEqual([{ email: 'anna@gmail.com', current_password: 'my password' }]);
  });
});

describe('activate error (/activate/error)', () => {
  it('a logged-in unconfirmed member can get a new link', async () => {
    const fetch = stubApi({ 'POST /api/activation-mail.php': { body: { sent: true } } });
    renderWithProviders(<ActivateErrorPage />, { user: unconfirmed, route: '/activate/error' });
    expect(screen.getByRole('heading', { name: 'This link has expired or was already used' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('We sent a new link to anna@example.com.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a visitor is asked to log in', () => {
    renderWithProviders(<ActivateErrorPage />, { route: '/activate/error' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('a link that worked for another account than the one logged in here says so, and who is logged in', () => {
    renderWithProviders(<ActivateErrorPage />, {
      user: makeUser({ email: 'bo@example.com' }),
      route: '/activate/error?reason=other_account&action=activation',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'This link was for another account' })).toBeTruthy();
    expect(screen.getByText('The account this link was sent for is now active.')).toBeTruthy();
    expect(
      screen.getByText('You are still logged in as bo@example.com. To use the other account, log out and log in with it.'),
    ).toBeTruthy();
  });

  it('a reactivation link of another account: it is active again', () => {
    renderWithProviders(<ActivateErrorPage />, { user: makeUser(), route: '/activate/error?reason=other_account&action=reactivation' });
    expect(screen.getByText('The account this link was sent for is active again.')).toBeTruthy();
  });

  it('an expired reactivation link: request a new one by e-mail', async () => {
    const fetch = stubApi({ 'POST /api/reactivation-mail.php': { body: { sent: true } } });
    const user = userEvent.setup();
    renderWithProviders(<ActivateErrorPage />, { route: '/activate/error?reason=reactivation' });
    expect(screen.getByRole('heading', { name: 'This reactivation link has expired' })).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail address'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('If anna@example.com belongs to an account waiting to be deleted, we have sent it a new reactivation link.'),
    ).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/reactivation-mail.php')).toEqual([{ email: 'anna@example.com', language: 'en' }]);
  });
});

describe('a used activation link of an active account (/activate/error?reason=already_active)', () => {
  it('says the account is already active and offers login to a visitor', () => {
    renderWithProviders(<ActivateErrorPage />, { route: '/activate/error?reason=already_active' });
    expect(screen.getByRole('heading', { name: 'Your account is already active' })).toBeTruthy();
    expect(screen.queryByText(/expired/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('offers the members area to a logged-in member', () => {
    renderWithProviders(<ActivateErrorPage />, { route: '/activate/error?reason=already_active', user: makeUser() });
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });
});
