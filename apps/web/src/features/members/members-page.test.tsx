import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import MembersPage from './members-page';

describe('members page', () => {
  it('greets the member under the Search members heading', async () => {
    renderWithProviders(<MembersPage />, { user: makeUser(), route: '/members' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search members' })).toBeTruthy();
    expect(screen.getByText('Welcome, Anna')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Search members | Cupido Test'));
  });

  it('welcomes back a reactivated member', () => {
    renderWithProviders(<MembersPage />, { user: makeUser(), route: '/members?reactivated=1' });
    expect(document.getElementById('reactivated-alert')!.textContent).toBe('Welcome back! Your account has been reactivated.');
  });
});
