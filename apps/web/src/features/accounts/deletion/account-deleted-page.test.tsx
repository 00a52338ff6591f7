import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import AccountDeletedPage from './account-deleted-page';

describe('account deleted (/account-deleted)', () => {
  it('explains the 14 days', async () => {
    renderWithProviders(<AccountDeletedPage />);
    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeTruthy();
    expect(screen.getByText(/pending deletion for 14 days/)).toBeTruthy();
  });
});
