import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { preferencesFrom } from '@cupido/shared/rules/notifications';
import { i18n } from '../../i18n/i18n';
import { sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { NotificationsDisabledNotice } from './notifications-disabled-notice';
import { dismissedKey } from './notifications-disabled-alert';

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const settingsAnswer = (disabled: ('fbl' | 'bounce' | 'listunsubscribe')[]) => ({
  body: { preferences: preferencesFrom([]), notifications_disabled: disabled },
});

function renderNotice(user = makeUser({ notifications_disabled: ['fbl'] })) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<NotificationsDisabledNotice />} />
      <Route path="/notifications" element={<p>Settings screen</p>} />
    </Routes>,
    { user },
  );
}

describe('disabled notifications alert (spec sections 4 and 8, issue 30)', () => {
  it('says why with the spec’s text and turns mails back on after a spam complaint', async () => {
    const fetch = stubApi({
      'POST /api/notifications-enable.php': settingsAnswer([]),
      'GET /api/user.php': { body: { user: makeUser() } },
    });
    const user = userEvent.setup();
    const { container } = renderNotice();
    const alert = await screen.findByRole('status');
    expect(alert.textContent).toContain('Notifications disabled: spam complaint.');
    expect(alert.textContent).toContain('You marked one of our e-mails as spam');
    expect(screen.queryByRole('link', { name: 'Confirm my address' })).toBeNull();
    const results = await axe.run(container);
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Turn e-mails back on' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(sentBodies(fetch, 'POST /api/notifications-enable.php')).toHaveLength(1);
  });

  it('leads a bounced address to the settings to confirm it again, and names the reason', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderNotice(makeUser({ notifications_disabled: ['bounce'] }));
    const alert = await screen.findByRole('status');
    expect(alert.textContent).toContain('Notifications disabled: invalid address.');
    expect(alert.textContent).toContain('E-mails to anna@example.com could not be delivered.');
    expect(screen.queryByRole('button', { name: 'Turn e-mails back on' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Confirm my address' }));
    expect(await screen.findByText('Settings screen')).toBeTruthy();
  });

  it('remembers the dismissal per reason, and forgets it once the reason is gone', async () => {
    stubApi({});
    const user = userEvent.setup();
    const first = renderNotice(makeUser({ notifications_disabled: ['listunsubscribe'] }));
    expect((await screen.findByRole('status')).textContent).toContain('Notifications disabled: unsubscribed in mail app.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(window.localStorage.getItem(dismissedKey(7, 'listunsubscribe'))).not.toBeNull();
    first.unmount();

    // A later visit: still dismissed; another reason still shows.
    const second = renderNotice(makeUser({ notifications_disabled: ['listunsubscribe'] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();
    second.unmount();
    const third = renderNotice(makeUser({ notifications_disabled: ['listunsubscribe', 'bounce'] }));
    const alert = await screen.findByRole('status');
    expect(alert.textContent).toContain('invalid address');
    expect(alert.textContent).not.toContain('unsubscribed in mail app');
    third.unmount();

    // Fixed: the dismissal goes, so a new unsubscribe would be told again.
    renderNotice(makeUser({ notifications_disabled: [] }));
    await waitFor(() => expect(window.localStorage.getItem(dismissedKey(7, 'listunsubscribe'))).toBeNull());
  });

  it('speaks the member’s language', async () => {
    stubApi({});
    await i18n.changeLanguage('fr');
    renderWithProviders(<NotificationsDisabledNotice />, { user: makeUser({ notifications_disabled: ['fbl'] }), locale: 'fr' });
    expect((await screen.findByRole('status')).textContent).toContain('Notifications désactivées\u202f: plainte pour spam.');
    expect(screen.getByRole('button', { name: 'Réactiver les e-mails' })).toBeTruthy();
  });
});
