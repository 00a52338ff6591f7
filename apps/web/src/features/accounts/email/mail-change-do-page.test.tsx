import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, stubApi } from '../../../test/api-stub';
import { makeUser, renderWithProviders } from '../../../test/render-with-providers';
import MailChangeDoPage from './mail-change-do-page';

afterEach(() => vi.restoreAllMocks());

describe('confirm new e-mail address (/mail-change/do)', () => {
  it('uses the token only when the member confirms, once, even in StrictMode', async () => {
    const fetch = stubApi({
      'POST /api/mail-change-do.php': {
        body: { user: makeUser({ email: 'new@example.com' }), email: 'new@example.com', other_account: false },
      },
    });
    renderWithProviders(
      <StrictMode>
        <MailChangeDoPage />
      </StrictMode>,
      { route: '/mail-change/do?token=t1' },
    );
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new e-mail address' }));
    expect(await screen.findByText('Your e-mail address is now new@example.com.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/mail-change-do.php')).toEqual([{ token: 't1' }]);
  });

  it('a link of another account: the change is confirmed and the logged-in member stays', async () => {
    stubApi({
      'POST /api/mail-change-do.php': {
        body: { user: makeUser({ email: 'anna@example.com' }), email: 'bo.new@example.com', other_account: true },
      },
    });
    const { queryClient } = renderWithProviders(<MailChangeDoPage />, {
      route: '/mail-change/do?token=t1',
      user: makeUser({ email: 'anna@example.com' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new e-mail address' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'The address bo.new@example.com is confirmed for the account that asked for it. You are still logged in as anna@example.com.',
    );
    expect(queryClient.getQueryData<{ email: string }>(['session'])!.email).toBe('anna@example.com');
  });

  it('shows an invalid or expired link', async () => {
    stubApi({ 'POST /api/mail-change-do.php': apiError(400, 'token_invalid', 'Link expired or invalid, request a new email') });
    renderWithProviders(<MailChangeDoPage />, { route: '/mail-change/do?token=t1' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new e-mail address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Link expired or invalid, request a new email');
  });
});
