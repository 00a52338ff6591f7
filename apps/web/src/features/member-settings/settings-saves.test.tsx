import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import NotificationsPage from './notifications-page';

vi.mock('../profiles/blocked-members', () => ({ BlockedMembers: () => null }));
// So has the credit history (features/credits/credit-history.test.tsx).
vi.mock('../credits/credit-history', () => ({ CreditHistory: () => null }));
// So have the orders and receipts (features/orders/orders.test.tsx).
vi.mock('../orders/orders-section', () => ({ OrdersSection: () => null }));
// So has the activity privacy switch (activity-privacy.test.tsx).
vi.mock('./activity-privacy', () => ({ ActivityPrivacy: () => null }));
// So have the notification preferences (features/notification-settings/notification-preferences.test.tsx).
vi.mock('../notification-settings/notification-preferences', () => ({ NotificationPreferences: () => null }));

const renderSettings = () =>
  renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
    </Routes>,
    { route: '/notifications', user: makeUser() },
  );
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;
/** The settings page has three "Current password" fields: one per form that needs it. */
const inForm = (id: string) => within(document.getElementById(id)!);

afterEach(() => vi.restoreAllMocks());

describe('settings: a successful save empties the fields without red errors', () => {
  it('after a password change the emptied fields show no "required" error', async () => {
    stubApi({ 'POST /api/password.php': { body: { ok: true } } });
    const user = userEvent.setup();
    renderSettings();
    await user.type(inForm('change-password-form').getByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'brand new pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect((inForm('change-password-form').getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(errorOf('change-password-old')).toBeNull();
    expect(errorOf('change-password-new')).toBeNull();
    expect(document.querySelectorAll('#change-password-form .is-invalid')).toHaveLength(0);
  });

  it('after an e-mail change request the emptied field shows no "Invalid email"', async () => {
    stubApi({ 'POST /api/email.php': { body: { user: makeUser({ pending_email: 'new@example.com' }) } } });
    const user = userEvent.setup();
    renderSettings();
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await user.type(inForm('change-email').getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    await waitFor(() => expect((screen.getByLabelText('New e-mail address') as HTMLInputElement).value).toBe(''));
    expect((inForm('change-email').getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    await user.tab();
    expect(errorOf('change-email-email')).toBeNull();
    expect(errorOf('change-email-current-password')).toBeNull();
  });

  it('the current address is refused with the server message under the field', async () => {
    stubApi({
      'POST /api/email.php': apiError(
        409,
        'email_unchanged',
        'This is already your e-mail address. Enter the new address you want to use.',
        'email',
      ),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.type(screen.getByLabelText('New e-mail address'), 'anna@example.com');
    await user.type(inForm('change-email').getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    await waitFor(() =>
      expect(errorOf('change-email-email')).toBe('This is already your e-mail address. Enter the new address you want to use.'),
    );
    expect(screen.queryByText(/We sent a confirmation link/)).toBeNull();
  });
});
