import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { PUSH_RECEIVED, type PushMessage } from '@cupido/shared/rules/push';
import { sentBodies, stubApi } from '../../test/api-stub';
import { settingsFixture } from '../../test/render-with-providers';
import { memberRefresh, SESSION_REFRESH_MS } from '../session/use-session';
import { settingsQueryKey } from '../site/settings-query';
import { LIKES_AFTER_PUSH_MS, pushFromWorker, sitePushKey, startMemberPush } from './member-push';
import { getPushState } from './push-state';
import { forgetThisBrowser, LOGOUT_REMOVAL_WAIT_MS, sendSubscription } from './push-subscription';
import { fakePushBrowser, fakeSubscription, TEST_PUSH_KEY } from './test/web-push-test-kit';

const message: PushMessage = {
  kind: 'new_messages',
  title: 'Anna wrote to you',
  body: 'Open the chat to read it.',
  tag: 'conversation:3',
  checkUrl: '/chats/3?network=push&sub1=new_messages',
  openUrl: '/login?redirect=%2Fchats%2F3',
};

let browser: ReturnType<typeof fakePushBrowser> | null = null;
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  browser?.restore();
  browser = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start(publicKey = TEST_PUSH_KEY) {
  const reloads = { chats: vi.fn(), likes: vi.fn() };
  stop = startMemberPush({ publicKey, reloadChats: reloads.chats, reloadLikes: reloads.likes });
  return reloads;
}

describe('web push while the app is open (issue 30)', () => {
  it('sends the subscription on every visit, so the server’s copy stays fresh', async () => {
    const subscription = fakeSubscription();
    browser = fakePushBrowser({ permission: 'granted', subscription });
    const fetch = stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: true } } });
    expect(getPushState().isSubscribed).toBeNull(); // allowed: unknown until read
    start();
    await waitFor(() => expect(getPushState().isSubscribed).toBe(subscription));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toEqual([{ subscription: subscription.toJSON() }]));
    expect(browser.serviceWorker.startMessages).toHaveBeenCalled();
  });

  it('makes a subscription with keys the site no longer has again, with the new key, without asking', async () => {
    const old = fakeSubscription(
      'https://push.example.net/send/old',
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    );
    browser = fakePushBrowser({ permission: 'granted', subscription: old });
    const fetch = stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: true } } });
    start();
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toHaveLength(1));
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toEqual([{ subscription: browser.current()!.toJSON() }]);
    expect((sentBodies(fetch, 'POST /api/user.php?push=1')[0] as { subscription: { endpoint: string } }).subscription.endpoint).toBe(
      'https://push.example.net/send/new-one',
    );
  });

  it('sends nothing for a browser without a subscription, and refreshes every 60 s', async () => {
    browser = fakePushBrowser({ permission: 'granted' });
    const fetch = stubApi({});
    start();
    await waitFor(() => expect(getPushState().isSubscribed).toBe(false));
    expect(fetch).not.toHaveBeenCalled();
    expect(memberRefresh.ms).toBe(60_000);
  });

  it('refreshes the member’s data every 300 s while subscribed, 60 s again once not or when stopped', async () => {
    browser = fakePushBrowser({ permission: 'granted', subscription: fakeSubscription() });
    stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: true } } });
    start();
    await waitFor(() => expect(memberRefresh.ms).toBe(300_000));
    stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: false } } });
    await forgetThisBrowser();
    expect(memberRefresh.ms).toBe(60_000);
    expect(getPushState().isSubscribed).toBe(false);

    browser.restore();
    browser = fakePushBrowser({ permission: 'granted', subscription: fakeSubscription() });
    stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: true } } });
    stop!();
    start();
    await waitFor(() => expect(memberRefresh.ms).toBe(300_000));
    stop!();
    stop = null;
    expect(memberRefresh.ms).toBe(SESSION_REFRESH_MS);
  });

  it('a push reaching the page becomes lastMessage: the chats reload at once, the likes 500 ms later', async () => {
    browser = fakePushBrowser({ permission: 'granted', subscription: fakeSubscription() });
    stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: true } } });
    const reloads = start();
    await waitFor(() => expect(getPushState().isSubscribed).not.toBeNull());
    vi.useFakeTimers();
    browser.postFromWorker({ type: 'something-else', message });
    browser.postFromWorker({ type: PUSH_RECEIVED, message: { ...message, kind: 'gossip' } });
    expect(reloads.chats).not.toHaveBeenCalled();

    browser.postFromWorker({ type: PUSH_RECEIVED, message });
    expect(getPushState().lastMessage).toEqual(message);
    expect(reloads.chats).toHaveBeenCalledOnce();
    expect(reloads.likes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIKES_AFTER_PUSH_MS - 1);
    expect(reloads.likes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reloads.likes).toHaveBeenCalledOnce();

    // Stopped (logout, another member): pushes no longer reload anything.
    stop!();
    stop = null;
    browser.postFromWorker({ type: PUSH_RECEIVED, message: { ...message, tag: 'conversation:4' } });
    vi.advanceTimersByTime(LIKES_AFTER_PUSH_MS);
    expect(reloads.chats).toHaveBeenCalledOnce();
    expect(reloads.likes).toHaveBeenCalledOnce();
  });

  it('does nothing where push is not possible', () => {
    const fetch = stubApi({});
    const reloads = start();
    expect(getPushState().isCapable).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(reloads.chats).not.toHaveBeenCalled();
  });

  it('reads only the worker’s note of a push', () => {
    expect(pushFromWorker({ type: PUSH_RECEIVED, message })).toEqual(message);
    expect(pushFromWorker({ type: PUSH_RECEIVED, message: { ...message, checkUrl: 3 } })).toBeNull();
    expect(pushFromWorker({ message })).toBeNull();
    expect(pushFromWorker(null)).toBeNull();
  });

  it('finds the site’s key in the settings the app loaded', () => {
    const queryClient = new QueryClient();
    expect(sitePushKey(queryClient)).toBe('');
    queryClient.setQueryData(settingsQueryKey('de', {}), { ...settingsFixture, push_public_key: TEST_PUSH_KEY });
    expect(sitePushKey(queryClient)).toBe(TEST_PUSH_KEY);
  });
});

describe('before logout (spec: the next person on this browser gets none of the member’s news)', () => {
  it('removes this browser on the server, then unsubscribes it', async () => {
    const subscription = fakeSubscription();
    browser = fakePushBrowser({ permission: 'granted', subscription });
    const fetch = stubApi({ 'POST /api/user.php?push=1': { body: { subscribed: false } } });
    await forgetThisBrowser();
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toEqual([{ subscription: null, endpoint: subscription.endpoint }]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(browser.current()).toBeNull();
  });

  it('lets a send already on its way land first, and sends nothing after the removal (a page load racing a logout)', async () => {
    const subscription = fakeSubscription();
    browser = fakePushBrowser({ permission: 'granted', subscription });
    let answerSend: (answer: { body: unknown }) => void = () => {};
    const fetch = stubApi({
      'POST /api/user.php?push=1': (body) =>
        (body as { subscription: unknown }).subscription === null
          ? { body: { subscribed: false } }
          : new Promise((resolve) => (answerSend = resolve)),
    });
    const sent = sendSubscription(subscription);
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toHaveLength(1));
    const loggedOut = forgetThisBrowser();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The removal waits for the send on its way, so the server cannot store the browser after it.
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toHaveLength(1);
    answerSend({ body: { subscribed: true } });
    await sent;
    await loggedOut;
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toEqual([
      { subscription: subscription.toJSON() },
      { subscription: null, endpoint: subscription.endpoint },
    ]);
    // A send that comes after finds the browser unsubscribed.
    expect(await sendSubscription(subscription)).toBeNull();
    expect(sentBodies(fetch, 'POST /api/user.php?push=1')).toHaveLength(2);
  });

  it('waits for the server at most a few seconds', async () => {
    const subscription = fakeSubscription();
    browser = fakePushBrowser({ permission: 'granted', subscription });
    stubApi({ 'POST /api/user.php?push=1': 'pending' });
    vi.useFakeTimers();
    const done = forgetThisBrowser();
    await vi.advanceTimersByTimeAsync(LOGOUT_REMOVAL_WAIT_MS);
    await done;
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('unsubscribes the browser even when the server cannot be told, and does nothing without push', async () => {
    const subscription = fakeSubscription();
    browser = fakePushBrowser({ permission: 'granted', subscription });
    stubApi({
      'POST /api/user.php?push=1': { status: 403, body: { error: { code: 'authentication_required', message: 'Please log in.' } } },
    });
    await forgetThisBrowser();
    expect(subscription.unsubscribe).toHaveBeenCalled();
    browser.restore();
    browser = null;
    const fetch = stubApi({});
    fetch.mockClear();
    await forgetThisBrowser();
    expect(fetch).not.toHaveBeenCalled();
  });
});
