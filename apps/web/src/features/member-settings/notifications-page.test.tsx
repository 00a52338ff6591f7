import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import NotificationsPage from './notifications-page';
import AccountDeletedPage from '../accounts/deletion/account-deleted-page';

// The blocked-members section has its own calls and tests (features/profiles/blocked-members.test.tsx).
vi.mock('../profiles/blocked-members', () => ({ BlockedMembers: () => null }));
// So has the credit history (features/credits/credit-history.test.tsx).
vi.mock('../credits/credit-history', () => ({ CreditHistory: () => null }));
// So have the orders and receipts (features/orders/orders.test.tsx).
vi.mock('../orders/orders-section', () => ({ OrdersSection: () => null }));
// So has the activity privacy switch (activity-privacy.test.tsx).
vi.mock('./activity-privacy', () => ({ ActivityPrivacy: () => null }));
// So have the notification preferences (features/notification-settings/notification-preferences.test.tsx).
vi.mock('../notification-settings/notification-preferences', () => ({ NotificationPreferences: () => null }));

/** The settings page has three "Current password" fields: one per form that needs it. */
const inForm = (id: string) => within(document.getElementById(id)!);

function renderSettings(user = makeUser()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/account-deleted" element={<AccountDeletedPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/notifications', user },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('settings (/notifications)', () => {
  it('has the e-mail, password, privacy and delete-account sections and no fake preferences', () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'E-mail address',
      'Password',
      'Privacy',
      'Ad tracking',
      'Your data',
      'Delete account',
    ]);
    expect(screen.getByText('Your e-mail address: anna@example.com')).toBeTruthy();
    expect(document.title).toBe('Settings | Cupido Test');
  });

  it('requests an e-mail change and then shows the pending address', async () => {
    const fetch = stubApi({ 'POST /api/email.php': { body: { user: makeUser({ pending_email: 'new@example.com' }) } } });
    const user = userEvent.setup();
    renderSettings();
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(document.getElementById('change-email-current-password-error')!.textContent).toBe('Enter your password');
    expect(fetch).not.toHaveBeenCalled();
    const password = inForm('change-email').getByLabelText('Current password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await user.type(password, 'my password');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('Confirm your new address via the link we sent to new@example.com.')).toBeTruthy();
    expect(screen.getByText(/We sent a confirmation link to new@example.com/)).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/email.php')).toEqual([{ email: 'new@example.com', current_password: 'my password' }]);
  });

  it('an address of another account is refused under the field', async () => {
    stubApi({ 'POST /api/email.php': apiError(409, 'email_taken', 'This e-mail address already belongs to an account', 'email') });
    const user = userEvent.setup();
    renderSettings();
    await user.type(screen.getByLabelText('New e-mail address'), 'bo@example.com');
    await user.type(inForm('change-email').getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    await waitFor(() =>
      expect(document.getElementById('change-email-email-error')!.textContent).toBe('This e-mail address already belongs to an account'),
    );
  });

  it('a wrong current password for an e-mail change shows under the password field', async () => {
    stubApi({ 'POST /api/email.php': apiError(400, 'old_password_wrong', 'Your current password is not correct', 'current_password') });
    const user = userEvent.setup();
    renderSettings();
    await user.type(screen.getByLabelText('New e-mail address'), 'bo@example.com');
    await user.type(inForm('change-email').getByLabelText('Current password'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    await waitFor(() =>
      expect(document.getElementById('change-email-current-password-error')!.textContent).toBe('Your current password is not correct'),
    );
    expect(document.getElementById('change-email-email-error')).toBeNull();
  });

  it('changes the password; a wrong current password shows under that field', async () => {
    let answer = apiError(400, 'old_password_wrong', 'Your current password is not correct', 'old_password');
    const fetch = stubApi({ 'POST /api/password.php': () => answer });
    const user = userEvent.setup();
    renderSettings();
    await user.type(inForm('change-password-form').getByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(document.getElementById('change-password-new-error')!.textContent).toBe('Your password needs at least 8 characters');
    await user.type(screen.getByLabelText('New password'), ' but long now');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(document.getElementById('change-password-old-error')!.textContent).toBe('Your current password is not correct'),
    );

    answer = { body: { ok: true } };
    await user.type(inForm('change-password-form').getByLabelText('Current password'), '!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/password.php').at(-1)).toEqual({ old_password: 'wrong one!', new_password: 'short but long now' });
  });

  it('deletes the account after a reason and a confirmation, then loads /account-deleted afresh', async () => {
    const fetch = stubApi({ 'POST /api/delete-account.php': { body: { ok: true } } });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(document.getElementById('delete-reason-error')!.textContent).toBe('Please choose a reason');
    expect(document.getElementById('delete-account-confirm')).toBeNull();

    const reasons = within(screen.getByRole('group', { name: 'Why are you leaving?' })).getAllByRole('radio');
    expect(reasons).toHaveLength(7);
    expect(screen.queryByLabelText('Tell us more')).toBeNull();
    await user.click(screen.getByLabelText('Another reason'));
    await user.type(screen.getByLabelText('Tell us more'), 'Moving abroad');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(document.getElementById('delete-current-password-error')!.textContent).toBe('Enter your password');
    expect(document.getElementById('delete-account-confirm')).toBeNull();
    await user.type(inForm('delete-account-form').getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    // A full page load: no cached member survives, no members-area guard races the navigation.
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-deleted'));
    expect(sentBodies(fetch, 'POST /api/delete-account.php')).toEqual([
      { reason: 'other', remarks: 'Moving abroad', confirm: true, current_password: 'my password' },
    ]);
  });

  it('warns a member who holds credits how many are lost and what the return policy allows, before and in the confirmation', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderSettings(makeUser({ credits: 37 }));
    const warning = 'You still have 37 credits. Deleting your account means they are lost.';
    const refund =
      'Credits you bought and have not used can be refunded within 14 days of purchase, as our return policy sets out. Ask us before you delete your account. Return policy';
    const before = document.getElementById('delete-account-credits')!;
    expect(before.textContent).toBe(`${warning}${refund}`);
    expect(within(before).getByRole('link', { name: 'Return policy' }).getAttribute('href')).toBe('/pages/return-policy');
    await user.click(screen.getByLabelText('Another reason'));
    await user.type(inForm('delete-account-form').getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.querySelector('#delete-account-confirm-credits')!.textContent).toBe(`${warning}${refund}`);
  });

  it('shows a member with 0 credits no credits warning', () => {
    stubApi({});
    renderSettings(makeUser({ credits: 0 }));
    expect(document.getElementById('delete-account-credits')).toBeNull();
  });

  it('a wrong current password closes the confirmation and shows under the password field; nothing is deleted', async () => {
    stubApi({
      'POST /api/delete-account.php': apiError(400, 'old_password_wrong', 'Your current password is not correct', 'current_password'),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByLabelText('It is too expensive'));
    await user.type(inForm('delete-account-form').getByLabelText('Current password'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Yes, delete my account' }),
    );
    await waitFor(() =>
      expect(document.getElementById('delete-current-password-error')!.textContent).toBe('Your current password is not correct'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assign).not.toHaveBeenCalled();
  });

  it('withdraws and gives again the orientation consent with a switch; the answer becomes the session', async () => {
    let granted = false;
    const fetch = stubApi({ 'POST /api/consent.php': () => ({ body: { user: makeUser({ orientation_consent: granted }) } }) });
    const user = userEvent.setup();
    const { queryClient } = renderSettings();
    queryClient.setQueryData(['own-profile'], { sexuality: 'bi' });
    const toggle = screen.getByRole('switch', { name: 'Use my sexual orientation to find matches' }) as HTMLInputElement;
    expect(toggle.id).toBe('orientation-consent');
    expect(toggle.checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBe('orientation-consent-help');
    expect(document.getElementById('orientation-consent-help')!.textContent).toMatch(
      /remove your sexual orientation from your profile.*give your consent again at any time/,
    );

    await user.click(toggle);
    expect(await screen.findByText('Your choice has been saved.')).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(queryClient.getQueryData<{ orientation_consent: boolean }>(['session'])!.orientation_consent).toBe(false);
    // The server cleared the sexuality: the cached own profile is dropped, not shown stale.
    expect(queryClient.getQueryData(['own-profile'])).toBeUndefined();

    granted = true;
    await user.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(sentBodies(fetch, 'POST /api/consent.php')).toEqual([
      { kind: 'orientation_data', granted: false },
      { kind: 'orientation_data', granted: true },
    ]);
  });

  it('shows a refused consent change and keeps the switch as it was', async () => {
    stubApi({
      'POST /api/consent.php': apiError(
        400,
        'invalid_request',
        'Some of the information sent is not valid. Please check it and try again.',
      ),
    });
    const user = userEvent.setup();
    renderSettings();
    const toggle = screen.getByRole('switch', { name: 'Use my sexual orientation to find matches' }) as HTMLInputElement;
    await user.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Some of the information sent is not valid. Please check it and try again.',
    );
    expect(toggle.checked).toBe(true);
  });

  it('"Keep my account" closes the confirmation without deleting', async () => {
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderSettings();
    await user.click(screen.getByLabelText('I found someone'));
    await user.type(inForm('delete-account-form').getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });
});
