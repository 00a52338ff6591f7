/**
 * A browser with web push for the web tests (happy-dom has none): Notification with its
 * permission and the member's answer to the prompt, and a service worker registration whose
 * PushManager hands out subscriptions. Tests only; production never imports it.
 */
import { vi } from 'vitest';
import { setPushState } from '../push-state';

/** The settings' VAPID public key of the tests: a P-256 point, base64url. */
export const TEST_PUSH_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

export interface FakeSubscription extends PushSubscription {
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
}

/** A subscription as the browser's push service gives it, made with `key` (base64url). */
export function fakeSubscription(endpoint = 'https://push.example.net/send/abc123', key = TEST_PUSH_KEY): FakeSubscription {
  const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4)), (c) =>
    c.charCodeAt(0),
  );
  const json = {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };
  return {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: bytes.buffer, userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => json,
    unsubscribe: vi.fn(async () => true),
  } as unknown as FakeSubscription;
}

export interface FakePushBrowserOptions {
  permission?: NotificationPermission;
  /** What the member answers when asked (requestPermission). */
  answer?: NotificationPermission;
  /** The subscription this browser already has. */
  subscription?: FakeSubscription | null;
  /** What subscribe() gives (a new subscription by default), or an error it throws. */
  subscribe?: FakeSubscription | Error;
}

/**
 * Installs the fake browser and marks the push state capable with what the permission says (the
 * built app does this at start). Returns its spies; `restore()` puts happy-dom's globals back.
 */
export function fakePushBrowser({
  permission = 'default',
  answer = 'granted',
  subscription = null,
  subscribe,
}: FakePushBrowserOptions = {}) {
  let current = subscription;
  const Notification = { permission, requestPermission: vi.fn(async () => (Notification.permission = answer)) };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (subscribe instanceof Error) throw subscribe;
      current = subscribe ?? fakeSubscription('https://push.example.net/send/new-one');
      // The browser forgets a subscription its owner unsubscribed.
      current.unsubscribe.mockImplementation(async () => {
        current = null;
        return true;
      });
      return current;
    }),
  };
  current?.unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const registration = { pushManager };
  const listeners = new Set<(event: MessageEvent) => void>();
  const serviceWorker = {
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
    addEventListener: vi.fn((_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener)),
    removeEventListener: vi.fn((_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener)),
    startMessages: vi.fn(),
  };
  vi.stubGlobal('Notification', Notification);
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  setPushState({
    isCapable: true,
    isSubscribed: permission === 'denied' ? 'denied' : permission === 'default' ? false : null,
    lastMessage: null,
  });
  return {
    Notification,
    pushManager,
    serviceWorker,
    /** The worker posts to the page (service-worker/push-handlers.ts). */
    postFromWorker: (data: unknown) => {
      for (const listener of listeners) listener(new MessageEvent('message', { data }));
    },
    current: () => current,
    restore: () => {
      vi.unstubAllGlobals();
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      setPushState({ isCapable: false, isSubscribed: false, lastMessage: null });
    },
  };
}
