import { afterEach, describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, sentQueries, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { isPushOfferShown, pushOfferDismissedKey } from './push-offer-rules';
import { PushOfferLauncher } from './push-offer';
import { getPushState, isPushCapable, subscribedFromPermission } from './push-state';
import { fakePushBrowser, fakeSubscription, TEST_PUSH_KEY } from './test/web-push-test-kit';

let browser: ReturnType<typeof fakePushBrowser> | null = null;
afterEach(() => {
  browser?.restore();
  browser = null;
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const member = makeUser();
const withKey = { push_public_key: TEST_PUSH_KEY };
const offer = () => document.getElementById('push-offer');

describe('push state (spec sections 3 and 4)', () => {
  it('is capable with a service worker, PushManager and Notification on a secure origin', () => {
    const full = { isSecureContext: true, navigator: { serviceWorker: {} }, PushManager: class {}, Notification: class {} };
    expect(isPushCapable(full)).toBe(true);
    expect(isPushCapable({ ...full, isSecureContext: false })).toBe(false);
    expect(isPushCapable({ ...full, navigator: {} })).toBe(false);
    const { PushManager: _noPush, ...safariTab } = full;
    expect(isPushCapable(safariTab)).toBe(false);
    const { Notification: _noNotification, ...noNotification } = full;
    expect(isPushCapable(noNotification)).toBe(false);
  });

  it("reads what the permission says: blocked is 'denied', never asked is not subscribed, allowed is unknown until read", () => {
    expect(subscribedFromPermission('denied')).toBe('denied');
    expect(subscribedFromPermission('default')).toBe(false);
    expect(subscribedFromPermission('granted')).toBeNull();
  });
});

describe('when the push offer shows', () => {
  const base = {
    loggedIn: true,
    confirmed: true,
    publicKey: TEST_PUSH_KEY,
    isCapable: true,
    isSubscribed: false as const,
    dismissed: false,
  };

  it('to a logged-in, capable member not yet subscribed, when the site has a key', () => {
    expect(isPushOfferShown(base)).toBe(true);
  });

  it('never to a visitor, without a key, in an incapable browser, once subscribed, blocked, unknown or dismissed', () => {
    expect(isPushOfferShown({ ...base, loggedIn: false })).toBe(false);
    // One notice at a time: the activation reminder first.
    expect(isPushOfferShown({ ...base, confirmed: false })).toBe(false);
    expect(isPushOfferShown({ ...base, publicKey: '' })).toBe(false);
    expect(isPushOfferShown({ ...base, isCapable: false })).toBe(false);
    expect(isPushOfferShown({ ...base, isSubscribed: fakeSubscription() })).toBe(false);
    expect(isPushOfferShown({ ...base, isSubscribed: 'denied' })).toBe(false);
    expect(isPushOfferShown({ ...base, isSubscribed: null })).toBe(false);
    expect(isPushOfferShown({ ...base, dismissed: true })).toBe(false);
  });
});

describe('push offer', () => {
  it('turns push on: asks the permission at the click, subscribes with the site’s key and stores the subscription', async () => {
    browser = fakePushBrowser();
    const fetch = stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: true } } });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<PushOfferLauncher />, { user: member, settings: withKey });
    expect(await screen.findByRole('heading', { name: 'Know at once when someone writes to you' })).toBeTruthy();
    expect(screen.getByText(/even when Cupido Test is closed/)).toBeTruthy();
    // Nothing is asked before the member's click.
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Done: notifications are on for this device.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('push-offer-outcome');
    expect(offer()).toBeNull();
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array).slice(0, 2)).toEqual([4, 73]);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toEqual([{ subscription: browser.current()!.toJSON() }]);
    expect(sentQueries(fetch, 'POST /api/user.php?push=1')).toEqual([{ push: '1' }]);
    expect(getPushState().isSubscribed).toBe(browser.current());
  });

  it("a no in the browser's prompt is 'denied': the offer goes, and says where to allow it", async () => {
    browser = fakePushBrowser({ answer: 'denied' });
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<PushOfferLauncher />, { user: member, settings: withKey });
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Your browser blocks notifications from Cupido Test/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How to allow them' }).getAttribute('href')).toBe('/notifications#push-device');
    expect(getPushState().isSubscribed).toBe('denied');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a prompt closed without an answer keeps the offer; a refusal of the server says so and leaves the browser unsubscribed', async () => {
    browser = fakePushBrowser({ answer: 'default' });
    stubApi({
      'POST /api/user.php?push=1': apiError(400, 'invalid_push_subscription', 'This browser could not be registered for notifications.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<PushOfferLauncher />, { user: member, settings: withKey });
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on notifications' }).hasAttribute('disabled')).toBe(false));
    expect(offer()).not.toBeNull();
    expect(getPushState().isSubscribed).toBe(false);

    browser.Notification.permission = 'default';
    browser.Notification.requestPermission.mockImplementation(async () => (browser!.Notification.permission = 'granted'));
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Notifications could not be turned on. Please try again later.');
    expect(browser.current()).toBeNull();
    expect(getPushState().isSubscribed).toBe(false);
  }, 20_000);

  it('the dismissal is remembered for this member', async () => {
    browser = fakePushBrowser();
    const user = userEvent.setup();
    const first = renderWithProviders(<PushOfferLauncher />, { user: member, settings: withKey });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(offer()).toBeNull();
    expect(window.localStorage.getItem(pushOfferDismissedKey(member.id))).not.toBeNull();
    first.unmount();

    renderWithProviders(<PushOfferLauncher otherwise={<p>install offer</p>} />, { user: member, settings: withKey });
    expect(screen.getByText('install offer')).toBeTruthy();
    expect(offer()).toBeNull();
  });

  it('shows nothing (or the other offer) to a visitor, an unconfirmed member, without a key, once subscribed or blocked', () => {
    browser = fakePushBrowser();
    const cases = [
      renderWithProviders(<PushOfferLauncher otherwise={<p>other</p>} />, { user: null, settings: withKey }),
      renderWithProviders(<PushOfferLauncher otherwise={<p>other</p>} />, {
        user: makeUser({ status: 'not_confirmed' }),
        settings: withKey,
      }),
      renderWithProviders(<PushOfferLauncher otherwise={<p>other</p>} />, { user: member }),
    ];
    expect(screen.getAllByText('other')).toHaveLength(3);
    expect(offer()).toBeNull();
    for (const rendered of cases) rendered.unmount();
    browser.restore();
    browser = fakePushBrowser({ permission: 'denied' });
    renderWithProviders(<PushOfferLauncher />, { user: member, settings: withKey }).unmount();
    browser.restore();
    browser = fakePushBrowser({ permission: 'granted', subscription: fakeSubscription() });
    renderWithProviders(<PushOfferLauncher />, { user: member, settings: withKey });
    expect(offer()).toBeNull();
  });
});

async function expectNoAxeViolations(element: Element) {
  const results = await axe.run(element);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
