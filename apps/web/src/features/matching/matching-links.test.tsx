import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { makeOwnProfile } from '../../test/profile-fixtures';
import ActivateDonePage from '../onboarding/activate-done-page';
import { MatchingLinks } from './matching-links';

afterEach(() => vi.restoreAllMocks());

describe('the ways into matching', () => {
  it('offers the swipe game and the match finder', async () => {
    renderWithProviders(<MatchingLinks />, { user: makeUser() });
    const nav = await screen.findByRole('navigation', { name: 'Find matches' });
    expect(nav.querySelector('#members-swipe-game')!.getAttribute('href')).toBe('/swipe-game');
    expect(screen.getByRole('link', { name: 'Match finder' }).getAttribute('href')).toBe('/match-finder');
  });

  it('leads from the welcome after activation to the suggestions of signup, beside the onboarding steps', async () => {
    stubApi({ 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderWithProviders(<ActivateDonePage />, { user: makeUser() });
    expect((await screen.findByRole('link', { name: 'See suggestions' })).getAttribute('href')).toBe('/signup-matches');
    expect(document.getElementById('activate-done-steps')).not.toBeNull();
  });
});
