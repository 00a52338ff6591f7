import { afterEach, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { preferencesFrom } from '@cupido/shared/notification-rules';
import type { TNotificationSettingsAnswer } from '@cupido/shared/notifications';
import { i18n } from '../../i18n/i18n';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { NotificationPreferences } from './notification-preferences';
import UnsubscribePage from './unsubscribe-page';

async function expectNoAxeViolations(element: Element) {
  const results = await axe.run(element);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const settingsAnswer = (changes: { kind: string; channel: string; enabled: boolean }[] = [], disabled: TNotificationSettingsAnswer['notifications_disabled'] = []) => ({
  body: { preferences: preferencesFrom(changes), notifications_disabled: disabled } satisfies TNotificationSettingsAnswer,
});

const emailSwitch = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('settings: notifications (issue 30)', () => {
  it('shows a labelled switch per kind, marketing off by default, and saves one at once', async () => {
    const fetch = stubApi({
      'GET /api/notification-settings.php': settingsAnswer(),
      'PUT /api/notification-settings.php': settingsAnswer([{ kind: 'like', channel: 'email', enabled: false }]),
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<NotificationPreferences />, { user: makeUser() });
    await waitFor(() => expect(emailSwitch('Likes and matches').checked).toBe(true));
    expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toBeTruthy();
    expect(emailSwitch('New messages').checked).toBe(true);
    expect(emailSwitch('Offers and promotions').checked).toBe(false);
    expect(emailSwitch('News').checked).toBe(false);
    expect(screen.getAllByRole('switch')).toHaveLength(8);
    expect(document.getElementById('notify-email-promotions-help')!.textContent).toBe('Discounts and special offers. Only if you turn it on.');

    // With the keyboard: Tab to the switch, Space toggles it.
    emailSwitch('Likes and matches').focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Likes and matches: e-mails off.')).toBeTruthy();
    expect(emailSwitch('Likes and matches').checked).toBe(false);
    expect(sentBodies(fetch, 'PUT /api/notification-settings.php')).toEqual([{ kind: 'like', channel: 'email', enabled: false }]);
    await expectNoAxeViolations(container);
  });

  it('shows a refusal and keeps the switch as stored', async () => {
    stubApi({
      'GET /api/notification-settings.php': settingsAnswer(),
      'PUT /api/notification-settings.php': apiError(400, 'invalid_request', 'Some of the information sent is not valid.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferences />, { user: makeUser() });
    await waitFor(() => expect(emailSwitch('New messages').checked).toBe(true));
    await user.click(emailSwitch('New messages'));
    expect((await screen.findByRole('alert')).textContent).toBe('Some of the information sent is not valid.');
    expect(emailSwitch('New messages').checked).toBe(true);
  });

  it('says why no mail goes out and turns mails back on after "unsubscribed in mail app"', async () => {
    const fetch = stubApi({
      'GET /api/notification-settings.php': settingsAnswer([], ['listunsubscribe']),
      'POST /api/notifications-enable.php': settingsAnswer(),
      'GET /api/user.php': { body: { user: makeUser() } },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferences />, { user: makeUser() });
    expect(await screen.findByText('You unsubscribed from all our e-mails in your mail app (unsubscribed in mail app).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn e-mails back on' }));
    await waitFor(() => expect(document.getElementById('notifications-disabled')).toBeNull());
    expect(sentBodies(fetch, 'POST /api/notifications-enable.php')).toHaveLength(1);
  });

  it('speaks the member’s language', async () => {
    stubApi({ 'GET /api/notification-settings.php': settingsAnswer() });
    renderWithProviders(<NotificationPreferences />, { user: makeUser(), locale: 'de' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Benachrichtigungen' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Likes und Matches' })).toBeTruthy();
  });
});

describe('/unsubscribe (issue 30)', () => {
  function renderPage(route: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
      </Routes>,
      { route },
    );
  }

  it('turns the mail’s kind off at once, and offers to turn it back on or to stop every mail', async () => {
    const fetch = stubApi({
      'POST /api/unsubscribe.php': (body) => ({
        body:
          (body as { undo?: boolean }).undo
            ? { kind: 'new_messages', email_enabled: true, all_disabled: false, site: 'Cupido Test' }
            : (body as { all?: boolean }).all
              ? { kind: 'new_messages', email_enabled: false, all_disabled: true, site: 'Cupido Test' }
              : { kind: 'new_messages', email_enabled: false, all_disabled: false, site: 'Cupido Test' },
      }),
    });
    const user = userEvent.setup();
    const { container } = renderPage('/unsubscribe?token=1-new_messages-20000-abc');
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toMatch(/One moment|You will no longer/);
    expect(await screen.findByText('You will no longer get e-mails about new messages from Cupido Test.')).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from all e-mails' }));
    expect(await screen.findByText('You will no longer get any e-mails from Cupido Test.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn e-mails about new messages back on' }));
    expect(await screen.findByText('E-mails about new messages from Cupido Test are on again.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/unsubscribe.php')).toEqual([{}, { all: true }, { undo: true }]);
    const calls = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((url) => url.pathname === '/api/unsubscribe.php');
    expect(new Set(calls.map((url) => url.searchParams.get('token')))).toEqual(new Set(['1-new_messages-20000-abc']));
  });

  it('shows the server’s refusal of a bad link', async () => {
    stubApi({ 'POST /api/unsubscribe.php': apiError(410, 'unsubscribe_link_expired', 'This unsubscribe link has expired. Change your e-mail settings after logging in.') });
    renderPage('/unsubscribe?token=1-like-1-abc');
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link has expired. Change your e-mail settings after logging in.');
    expect(screen.getByRole('link', { name: 'All notification settings' }).getAttribute('href')).toBe('/notifications');
  });
});
