import { describe, expect, it, vi } from 'vitest';
import { PUSH_RECEIVED, type PushMessage } from '@cupido/shared/rules/push';
import {
  hasMemberSession,
  openFromNotification,
  pushPayload,
  renewSubscription,
  showPush,
  type PushScope,
  type RenewScope,
} from './push-handlers';

const ORIGIN = 'https://amora.example';
const message: PushMessage = {
  kind: 'new_messages',
  title: 'Anna wrote to you',
  body: 'Open the chat to read it.',
  tag: 'conversation:3',
  checkUrl: '/chats/3?network=push&sub1=new_messages',
  openUrl: '/login?redirect=%2Fchats%2F3%3Fnetwork%3Dpush%26sub1%3Dnew_messages',
};
const targets = { checkUrl: message.checkUrl, openUrl: message.openUrl };

interface PageDouble {
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** A window of the site: `controlled` ones can be navigated by the worker, others refuse. */
function page({ focused = false, visible = true, controlled = true } = {}): PageDouble {
  const double: PageDouble = {
    focused,
    visibilityState: visible ? 'visible' : 'hidden',
    postMessage: vi.fn(),
    focus: vi.fn(async () => double),
    navigate: vi.fn(async () => (controlled ? double : Promise.reject(new TypeError('not controlled')))),
  };
  return double;
}

/** The worker's scope with `pages` open and the server's answer to GET /api/user.php, with its spies beside it. */
function scope(pages: PageDouble[], session: { user: unknown } | 'offline' | number = { user: { id: 7 } }) {
  const spies = {
    showNotification: vi.fn(async () => undefined),
    matchAll: vi.fn(async () => pages),
    openWindow: vi.fn(async () => null),
    fetch: vi.fn(async () => {
      if (session === 'offline') throw new TypeError('Failed to fetch');
      if (typeof session === 'number') return new Response('{}', { status: session });
      return new Response(JSON.stringify(session), { headers: { 'Content-Type': 'application/json' } });
    }),
  };
  const worker = {
    location: { origin: ORIGIN, hostname: 'amora.example' },
    registration: { showNotification: spies.showNotification },
    clients: { matchAll: spies.matchAll, openWindow: spies.openWindow },
    fetch: spies.fetch,
  } as unknown as PushScope;
  return { worker, ...spies };
}

describe('service worker: a push (issue 30)', () => {
  it('reads the JSON payload, and nothing from a push without one or a garbled one', () => {
    expect(pushPayload({ json: () => ({ ...message, extra: 1 }) })).toEqual(message);
    expect(pushPayload(null)).toBeNull();
    expect(pushPayload({ json: () => ({ ...message, kind: 'gossip' }) })).toBeNull();
    expect(
      pushPayload({
        json: () => {
          throw new SyntaxError('not JSON');
        },
      }),
    ).toBeNull();
  });

  it('shows the notification with the site’s icon and where a click leads, and tells every open page', async () => {
    const pages = [page(), page({ controlled: false })];
    const { worker, showNotification, matchAll } = scope(pages);
    await showPush(worker, message);
    expect(showNotification).toHaveBeenCalledWith('Anna wrote to you', {
      body: 'Open the chat to read it.',
      tag: 'conversation:3',
      icon: '/icons/icon-192.png',
      data: targets,
    });
    expect(matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    for (const open of pages) expect(open.postMessage).toHaveBeenCalledWith({ type: PUSH_RECEIVED, message });
  });

  it('tells the open pages after the notification is shown, and also when it could not be', async () => {
    const open = page();
    const { worker, showNotification } = scope([open]);
    showNotification.mockImplementation(async () => {
      expect(open.postMessage).not.toHaveBeenCalled();
      throw new TypeError('No notification permission has been granted for this origin.');
    });
    await expect(showPush(worker, message)).rejects.toThrow(TypeError);
    expect(open.postMessage).toHaveBeenCalledWith({ type: PUSH_RECEIVED, message });
  });
});

describe('service worker: a click on the notification (spec section 4)', () => {
  it('asks the server whether a member is logged in, as the app does', async () => {
    const { worker, fetch } = scope([]);
    expect(await hasMemberSession(worker)).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/api/user.php?domain=amora.example',
      expect.objectContaining({ credentials: 'same-origin', headers: expect.objectContaining({ 'X-Request-Type': 'client' }) }),
    );
    expect(await hasMemberSession(scope([], { user: null }).worker)).toBe(false);
    expect(await hasMemberSession(scope([], 'offline').worker)).toBeNull();
    expect(await hasMemberSession(scope([], 500).worker)).toBeNull();
  });

  it('takes the focused window of a logged-in member to checkUrl', async () => {
    const background = page({ visible: false });
    const focused = page({ focused: true });
    const { worker, openWindow } = scope([background, focused]);
    await openFromNotification(worker, targets);
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}${message.checkUrl}`);
    expect(background.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('sends a visitor to openUrl, the login that leads there', async () => {
    const open = page();
    await openFromNotification(scope([open], { user: null }).worker, targets);
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}${message.openUrl}`);
  });

  it('opens checkUrl when the server cannot say (the app’s guard sends a visitor to the login from there)', async () => {
    const { worker, openWindow } = scope([], 'offline');
    await openFromNotification(worker, targets);
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}${message.checkUrl}`);
  });

  it('opens a new window when none is open, or when the open one cannot be navigated; a refused focus does not stop it', async () => {
    const none = scope([]);
    await openFromNotification(none.worker, targets);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}${message.checkUrl}`);

    const uncontrolled = page({ controlled: false });
    uncontrolled.focus.mockRejectedValue(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'));
    const refused = scope([uncontrolled]);
    await openFromNotification(refused.worker, targets);
    expect(uncontrolled.navigate).toHaveBeenCalled();
    expect(refused.openWindow).toHaveBeenCalledWith(`${ORIGIN}${message.checkUrl}`);
  });
});

describe('a subscription the push service replaced (pushsubscriptionchange)', () => {
  const key = new Uint8Array([4, 1, 2, 3]).buffer;
  const subscriptionDouble = (endpoint: string) =>
    ({
      endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    }) as unknown as PushSubscription;

  function renewScope(status = 200) {
    const subscribe = vi.fn(async () => subscriptionDouble('https://push.example/new-by-worker'));
    const fetch = vi.fn(async () => new Response('{"subscribed":true}', { status }));
    const worker: RenewScope = {
      location: { hostname: 'amora.example' },
      registration: { pushManager: { subscribe } },
      fetch: fetch as unknown as typeof globalThis.fetch,
    };
    return { worker, subscribe, fetch };
  }
  const sentBody = (fetch: ReturnType<typeof vi.fn>) =>
    JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);

  it('stores the new subscription the browser gives, as the app does', async () => {
    const { worker, subscribe, fetch } = renewScope();
    expect(
      await renewSubscription(worker, {
        oldSubscription: subscriptionDouble('https://push.example/old'),
        newSubscription: subscriptionDouble('https://push.example/new'),
      }),
    ).toBe(true);
    expect(subscribe).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user.php?push=1&domain=amora.example');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(sentBody(fetch)).toEqual({ subscription: { endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } } });
  });

  it('subscribes again with the old key when the browser gives none, and answers false when the server refuses', async () => {
    const { worker, subscribe, fetch } = renewScope(401);
    expect(
      await renewSubscription(worker, { oldSubscription: subscriptionDouble('https://push.example/old'), newSubscription: null }),
    ).toBe(false);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(sentBody(fetch).subscription.endpoint).toBe('https://push.example/new-by-worker');
  });

  it('does nothing without a key to subscribe with', async () => {
    const { worker, subscribe, fetch } = renewScope();
    expect(await renewSubscription(worker, { oldSubscription: null, newSubscription: null })).toBe(false);
    expect(subscribe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
