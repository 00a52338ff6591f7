import { afterEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { preferencesFrom } from '@cupido/shared/rules/notifications';
import type { TNotificationSettingsAnswer } from '@cupido/shared/contracts/notifications';
import { i18n } from '../../i18n/i18n';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { getPushState } from '../web-push/push-state';
import { fakePushBrowser, fakeSubscription, TEST_PUSH_KEY } from '../web-push/test/web-push-test-kit';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from './notification-calls';
import { NotificationPreferences } from './notification-preferences';
import UnsubscribePage from './unsubscribe-page';

async function expectNoAxeViolations(element: Element) {
  const results = await axe.run(element);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.restoreAllMocks();
});

const settingsAnswer = (
  changes: { kind: string; channel: string; enabled: boolean }[] = [],
  disabled: TNotificationSettingsAnswer['notifications_disabled'] = [],
) => ({
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
    expect(document.getElementById('notify-email-promotions-help')!.textContent).toBe(
      'Discounts and special offers. Only if you turn it on.',
    );

    // With the keyboard: Tab to the switch, Space toggles it.
    emailSwitch('Likes and matches').focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Likes and matches: e-mails off.')).toBeTruthy();
    expect(emailSwitch('Likes and matches').checked).toBe(false);
    expect(sentBodies(fetch, 'PUT /api/notification-settings.php')).toEqual([{ kind: 'like', channel: 'email', enabled: false }]);
    await expectNoAxeViolations(container);
  });

  it('keeps a saved switch when a reload of the table, sent before the save, answers after it', async () => {
    let reads = 0;
    let answerReload = (_answer: StubAnswer) => {};
    stubApi({
      // The first read answers at once; the second (a reload, as on returning to the tab) is held.
      'GET /api/notification-settings.php': () => (reads++ === 0 ? settingsAnswer() : new Promise((resolve) => (answerReload = resolve))),
      'PUT /api/notification-settings.php': settingsAnswer([{ kind: 'new_messages', channel: 'email', enabled: false }]),
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<NotificationPreferences />, { user: makeUser() });
    await waitFor(() => expect(emailSwitch('New messages').checked).toBe(true));
    void queryClient.refetchQueries({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY });
    await waitFor(() => expect(reads).toBe(2));

    await user.click(emailSwitch('New messages'));
    expect(await screen.findByText('New messages: e-mails off.')).toBeTruthy();
    // The reload read the table before the save: it must not switch the e-mails back on.
    await act(async () => answerReload(settingsAnswer()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(emailSwitch('New messages').checked).toBe(false);
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

describe('settings: push notifications (issue 30)', () => {
  let browser: ReturnType<typeof fakePushBrowser> | null = null;
  afterEach(() => {
    browser?.restore();
    browser = null;
  });
  const withKey = { push_public_key: TEST_PUSH_KEY };
  const pushFieldset = () => within(screen.getByRole('group', { name: 'Push notifications' }));

  it('a second fieldset with a switch per kind, saved at once on the push channel', async () => {
    browser = fakePushBrowser({ permission: 'granted', subscription: fakeSubscription() });
    const fetch = stubApi({
      'GET /api/notification-settings.php': settingsAnswer([{ kind: 'like', channel: 'email', enabled: false }]),
      'PUT /api/notification-settings.php': settingsAnswer([
        { kind: 'like', channel: 'email', enabled: false },
        { kind: 'new_messages', channel: 'push', enabled: false },
      ]),
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<NotificationPreferences />, { user: makeUser(), settings: withKey });
    await waitFor(() => expect((document.getElementById('notify-push-like') as HTMLInputElement).checked).toBe(true));
    expect(pushFieldset().getAllByRole('switch')).toHaveLength(8);
    expect((pushFieldset().getByRole('switch', { name: 'News' }) as HTMLInputElement).checked).toBe(false);
    // The e-mail choice of a kind is not its push choice.
    expect((document.getElementById('notify-email-like') as HTMLInputElement).checked).toBe(false);
    expect(await pushFieldset().findByText('Notifications are on for this device.')).toBeTruthy();

    await user.click(pushFieldset().getByRole('switch', { name: 'New messages' }));
    expect(await screen.findByText('New messages: notifications off.')).toBeTruthy();
    expect((document.getElementById('notify-push-new_messages') as HTMLInputElement).checked).toBe(false);
    expect((document.getElementById('notify-email-new_messages') as HTMLInputElement).checked).toBe(true);
    expect(sentBodies(fetch, 'PUT /api/notification-settings.php')).toEqual([{ kind: 'new_messages', channel: 'push', enabled: false }]);
    await expectNoAxeViolations(container);
  });

  it('turns push on for this device from the settings, and off again', async () => {
    browser = fakePushBrowser({ permission: 'default' });
    const fetch = stubApi({
      'GET /api/notification-settings.php': settingsAnswer(),
      'POST /api/user.php?push=1': (body) => ({ body: { subscribed: (body as { subscription: unknown }).subscription !== null } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationPreferences />, { user: makeUser(), settings: withKey });
    expect(await pushFieldset().findByText('Notifications are off for this device.')).toBeTruthy();
    await user.click(pushFieldset().getByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await pushFieldset().findByText('Notifications are on for this device.')).toBeTruthy();
    const subscription = browser.current()!;
    await user.click(pushFieldset().getByRole('button', { name: 'Turn them off on this device' }));
    expect(await pushFieldset().findByText('Notifications are off for this device.')).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toEqual([
      { subscription: subscription.toJSON() },
      { subscription: null, endpoint: subscription.endpoint },
    ]);
    expect(browser.current()).toBeNull();
    expect(getPushState().isSubscribed).toBe(false);
  });

  it("explains how to allow notifications the member blocked in the browser ('denied')", async () => {
    browser = fakePushBrowser({ permission: 'denied' });
    stubApi({ 'GET /api/notification-settings.php': settingsAnswer() });
    const { container } = renderWithProviders(<NotificationPreferences />, { user: makeUser(), settings: withKey });
    expect(
      await pushFieldset().findByText(
        /Your browser blocks notifications from Cupido Test\. To allow them, open the site settings in your browser/,
      ),
    ).toBeTruthy();
    expect(pushFieldset().queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says when this browser cannot show notifications; no push fieldset on a site without keys', async () => {
    stubApi({ 'GET /api/notification-settings.php': settingsAnswer() });
    const first = renderWithProviders(<NotificationPreferences />, { user: makeUser(), settings: withKey });
    expect(
      await pushFieldset().findByText(/This browser cannot show notifications\. On an iPhone or iPad, add Cupido Test to your Home Screen/),
    ).toBeTruthy();
    first.unmount();
    renderWithProviders(<NotificationPreferences />, { user: makeUser() });
    await waitFor(() => expect((document.getElementById('notify-email-like') as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByRole('group', { name: 'Push notifications' })).toBeNull();
  });

  it('speaks the member’s language', async () => {
    browser = fakePushBrowser({ permission: 'default' });
    stubApi({ 'GET /api/notification-settings.php': settingsAnswer() });
    renderWithProviders(<NotificationPreferences />, { user: makeUser(), locale: 'pl', settings: withKey });
    expect(await screen.findByRole('group', { name: 'Powiadomienia push' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' })).toBeTruthy();
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
        body: (body as { undo?: boolean }).undo
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
    const calls = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => url.pathname === '/api/unsubscribe.php');
    expect(new Set(calls.map((url) => url.searchParams.get('token')))).toEqual(new Set(['1-new_messages-20000-abc']));
  });

  it('shows the server’s refusal of a bad link', async () => {
    stubApi({
      'POST /api/unsubscribe.php': apiError(
        410,
        'unsubscribe_link_expired',
        'This unsubscribe link has expired. Change your e-mail settings after logging in.',
      ),
    });
    renderPage('/unsubscribe?token=1-like-1-abc');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link has expired. Change your e-mail settings after logging in.',
    );
    expect(screen.getByRole('link', { name: 'All notification settings' }).getAttribute('href')).toBe('/notifications');
  });
});
