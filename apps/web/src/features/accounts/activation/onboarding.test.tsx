import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { stubApi } from '../../../test/api-stub';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import { makeOwnProfile } from '../../../test/profile-fixtures';
import ActivateDonePage from './activate-done-page';
import ActivateErrorPage from './activate-error-page';
import NotMePage from '../security/not-me-page';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies } from '../../../test/api-stub';

afterEach(() => vi.restoreAllMocks());

const step = (id: string) => document.getElementById(`activate-done-step-${id}`)!;

describe('onboarding after activation (/activate/done)', () => {
  it('leads to a photo and the profile, nothing done yet, then search', async () => {
    stubApi({ 'GET /api/profile.php': { body: { profile: makeOwnProfile({ about: '', interests: [] }) } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser() });
    expect(screen.getByRole('link', { name: /Add a photo/ }).getAttribute('href')).toBe('/profile#photos-title');
    expect(screen.getByRole('link', { name: /Complete your profile/ }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
    await waitFor(() => expect(document.getElementById('activate-done-progress')!.textContent).toBe('0 of 2 steps done'));
    expect(step('photo').dataset.done).toBe('false');
  });

  it('ticks off the photo and a completed profile', async () => {
    stubApi({ 'GET /api/profile.php': { body: { profile: makeOwnProfile({ gender: 'female', about: 'Hi there', interests: ['music'], city: 'Leeds' }) } } });
    const user = makeUser({ profile: { ...makeUser().profile, main_image: { filename: 'a.jpg', thumb_filename: 'a-t.jpg', status: 'pending' } } });
    renderWithProviders(<ActivateDonePage />, { user });
    await waitFor(() => expect(document.getElementById('activate-done-progress')!.textContent).toBe('2 of 2 steps done'));
    expect(step('photo').dataset.done).toBe('true');
    expect(step('profile').textContent).toContain('Done');
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

describe('"This was not me" (/account/not-me)', () => {
  it('locks only after the button press, then says where the reset link went', async () => {
    const fetch = stubApi({ 'POST /api/not-me.php': { body: { locked: true, email: 'anna@example.com' } } });
    renderWithProviders(<NotMePage />, { route: '/account/not-me?token=abc', user: makeUser() });
    expect(screen.getByRole('heading', { name: "This wasn't me" })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Lock my account' }));
    expect(await screen.findByText('Your account is locked. We sent a link to choose a new password to anna@example.com.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/not-me.php')).toEqual([{ token: 'abc' }]);
  });

  it('shows a used or expired link', async () => {
    stubApi({ 'POST /api/not-me.php': apiError(400, 'token_invalid', 'Link expired or invalid, request a new email') });
    renderWithProviders(<NotMePage />, { route: '/account/not-me?token=old' });
    await userEvent.click(screen.getByRole('button', { name: 'Lock my account' }));
    expect(await screen.findByText('Link expired or invalid, request a new email')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Lock my account' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
