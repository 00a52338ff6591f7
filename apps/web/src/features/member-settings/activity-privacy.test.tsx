import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { i18n } from '../../i18n/i18n';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { makeOwnProfile } from '../../test/profile-fixtures';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import NotificationsPage from './notifications-page';

// The other sections have their own calls and tests.
vi.mock('../profiles/blocked-members', () => ({ BlockedMembers: () => null }));
vi.mock('../credits/credit-history', () => ({ CreditHistory: () => null }));
vi.mock('../orders/orders-section', () => ({ OrdersSection: () => null }));
// So have the notification preferences (features/notification-settings/notification-preferences.test.tsx).
vi.mock('../notification-settings/notification-preferences', () => ({ NotificationPreferences: () => null }));

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderSettings(locale: 'en' | 'fr' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
    </Routes>,
    { route: '/notifications', user: makeUser(), locale },
  );
}
const toggle = () => screen.getByRole('switch', { name: 'Hide my activity' }) as HTMLInputElement;

describe('settings, privacy: hide my activity (issue 28)', () => {
  it('is a labelled switch with what it means, saved at once with the keyboard, and the lists with marks are fetched again', async () => {
    const fetch = stubApi({
      'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
      'PUT /api/profile.php': { body: { profile: makeOwnProfile({ hide_activity: true }) } },
      // The profile update reloads the session (the navigation shows name and photo).
      'GET /api/user.php': { body: { user: makeUser() } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderSettings();
    queryClient.setQueryData(['chats', 1], { chats: [], unread_total: 0 });
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    expect(document.getElementById(toggle().getAttribute('aria-describedby')!)!.textContent).toBe(
      "Others no longer see when you are online or whether you were active today. Hiding yours also hides everyone else's from you: you will no longer see who is online or was active today.",
    );
    // In the Privacy section, after the orientation consent.
    expect(document.getElementById('settings-privacy-title')!.parentElement!.contains(toggle())).toBe(true);

    toggle().focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      "Your activity is hidden, and you no longer see anyone else's.",
    );
    expect(toggle().checked).toBe(true);
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ hide_activity: true }]);
    expect(queryClient.getQueryState(['chats', 1])?.isInvalidated).toBe(true);
    expect(document.activeElement).toBe(toggle());
    const results = await axe.run(document.getElementById('activity-privacy')!);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows it on when the profile hides activity, and turning it off says the marks are back', async () => {
    const fetch = stubApi({
      'GET /api/profile.php': { body: { profile: makeOwnProfile({ hide_activity: true }) } },
      'PUT /api/profile.php': { body: { profile: makeOwnProfile({ hide_activity: false }) } },
      'GET /api/user.php': { body: { user: makeUser() } },
    });
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() => expect(toggle().checked).toBe(true));
    await user.click(screen.getByText('Hide my activity'));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      "Your activity is visible again, and you see others' activity again.",
    );
    expect(toggle().checked).toBe(false);
    expect(sentBodies(fetch, 'PUT /api/profile.php')).toEqual([{ hide_activity: false }]);
  });

  it('shows a refusal and goes back to what is stored', async () => {
    stubApi({
      'GET /api/profile.php': { body: { profile: makeOwnProfile() } },
      'PUT /api/profile.php': apiError(400, 'invalid_request', 'Please check your input', 'hide_activity'),
    });
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() => expect(toggle().disabled).toBe(false));
    await user.click(toggle());
    await waitFor(() => expect(document.getElementById('hide-activity-error')?.textContent).toBe('Please check your input'));
    expect(toggle().checked).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks the member’s language, with French spacing', async () => {
    stubApi({ 'GET /api/profile.php': { body: { profile: makeOwnProfile() } } });
    renderSettings('fr');
    const control = await screen.findByRole('switch', { name: 'Masquer mon activité' });
    const help = document.getElementById(control.getAttribute('aria-describedby')!)!.textContent!;
    expect(help).toContain('celle des autres\u202f: vous ne saurez plus');
  });
});
