import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import NotMePage from './not-me-page';

afterEach(() => vi.restoreAllMocks());

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
