import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { makeOwnProfile } from '../../test/profile-fixtures';
import ActivateDonePage from './activate-done-page';

afterEach(() => vi.restoreAllMocks());

const step = (id: string) => document.getElementById(`activate-done-step-${id}`)!;

describe('the welcome after activation (/activate/done)', () => {
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

  it('shows the profile card, premium card with the discount badge, credits and the search button', () => {
    stubApi({ 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser({ profile: { ...makeUser().profile, name: 'Bo' } }), settings: { signup_credits: 20 } });
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.getByText('Welcome, Bo!')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo of Bo' }).textContent).toBe('B');
    expect(screen.getByText('Free credits added to your account: 20')).toBeTruthy();
    expect(screen.getByText('25% welcome discount')).toBeTruthy();
    expect(screen.getByText('Up to 25 photos on your profile')).toBeTruthy();
    expect(screen.getByText('46% higher chance of a match')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
  });

  it('shows no credits line when the site grants none', () => {
    stubApi({ 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser(), settings: { signup_credits: 0 } });
    expect(screen.queryByText(/Free credits/)).toBeNull();
  });
});
