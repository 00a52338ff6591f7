import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { SESSION_QUERY_KEY } from '../../session/use-session';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { currentLocation, LocationProbe } from '../../../test/location-probe';
import { makeOwnProfile, referenceDataStubs } from '../../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import MembersPage from '../../members/members-page';
import ResetPasswordPage from './reset-password-page';
import ResetPasswordDoPage from './reset-password-do-page';

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/reset-password/do" element={<ResetPasswordDoPage />} />
        <Route path="/members" element={<MembersPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('forgot password (/reset-password)', () => {
  it('sends the link and says so', async () => {
    const fetch = stubApi({ 'POST /api/reset-password.php': { body: { sent: true } } });
    const user = userEvent.setup();
    renderAt('/reset-password');
    await user.type(screen.getByLabelText('E-mail address'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('If there is an account with this e-mail address, we have sent it a link. Open it to set a new password.'),
    ).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/reset-password.php')).toEqual([{ email: 'anna@example.com', language: 'en' }]);
  });

  it.each([
    [400, 'invalid_email', 'Invalid email'],
    [429, 'too_many_reset_mails', 'Too many password reset emails sent, please try again tomorrow'],
  ])('shows the server message for %i %s', async (status, code, message) => {
    stubApi({ 'POST /api/reset-password.php': apiError(status, code, message) });
    const user = userEvent.setup();
    renderAt('/reset-password');
    await user.type(screen.getByLabelText('E-mail address'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('new password (/reset-password/do)', () => {
  it('the two passwords must be equal before anything is sent', async () => {
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderAt('/reset-password/do?token=abc');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(document.getElementById('reset-password-repeat-error')!.textContent).toBe('The passwords do not match');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves, logs the member in and lands on the members page with a success notice', async () => {
    const member = makeUser();
    const fetch = stubApi({
      'POST /api/reset-password-do.php': { body: { user: member } },
      // The members page it lands on searches from the member's own profile.
      ...referenceDataStubs,
      'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
      'GET /api/search.php': {
        body: { profiles: [], numResults: 0, results_capped: false, page: 1, per_page: 20, similar: [], similar_count: 0 },
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderAt('/reset-password/do?token=abc');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(currentLocation()).toBe('/members'));
    expect(sentBodies(fetch, 'POST /api/reset-password-do.php')).toEqual([
      { token: 'abc', password: 'new password 1', password_confirmation: 'new password 1' },
    ]);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(member);
    expect(await screen.findByText('Your new password is saved. You are logged in.')).toBeTruthy();
  });

  it('an expired link says so and links to a new request', async () => {
    stubApi({ 'POST /api/reset-password-do.php': apiError(400, 'token_invalid', 'Link expired or invalid, request a new email') });
    const user = userEvent.setup();
    renderAt('/reset-password/do?token=old');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Link expired or invalid, request a new email')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new e-mail' }).getAttribute('href')).toBe('/reset-password');
  });

  it('without a token the page says the link is invalid', () => {
    renderAt('/reset-password/do');
    expect(screen.getByText('Link expired or invalid, request a new email')).toBeTruthy();
  });
});
