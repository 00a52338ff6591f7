import { useSyncExternalStore } from 'react';
import type { PushMessage } from '@cupido/shared/rules/push';

/**
 * The push state of spec section 3 (issue 30, decision 044): whether this browser can get pushes,
 * whether it does, and the last push that reached an open page. One small store, outside React:
 * the members page, the settings screen and the member's background code (member-push.ts) read it.
 *
 * Spec section 4: "Push: unknown, then capable or not; subscribed, denied, or not subscribed."
 */
export type PushSubscribed = PushSubscription | false | 'denied';

export interface PushState {
  /** The browser has a service worker, PushManager and Notification, on a secure origin, in the built app. */
  isCapable: boolean;
  /**
   * The browser's subscription, false when there is none, 'denied' when the member blocked the
   * site's notifications. Null while unknown: a browser that allowed notifications may have a
   * subscription, which is read once the worker is there (member-push.ts).
   */
  isSubscribed: PushSubscribed | null;
  /** The last push's payload, posted by the worker to the open pages (service-worker/push-handlers.ts). */
  lastMessage: PushMessage | null;
}

type PushScope = Partial<Pick<Window, 'isSecureContext'>> & { navigator?: object; PushManager?: unknown; Notification?: unknown };

/**
 * Whether this browser can get web push. iOS exposes PushManager only in the installed app (Add to
 * Home Screen), so a Safari tab is not capable and the install offer says so instead.
 */
export function isPushCapable(scope: PushScope): boolean {
  return (
    scope.isSecureContext === true &&
    !!scope.navigator &&
    'serviceWorker' in scope.navigator &&
    'PushManager' in scope &&
    'Notification' in scope
  );
}

/**
 * What the permission alone says: blocked is 'denied'; never asked (or asked and closed) cannot
 * have a subscription; allowed may have one, unknown until it is read.
 */
export function subscribedFromPermission(permission: NotificationPermission): PushSubscribed | null {
  if (permission === 'denied') return 'denied';
  return permission === 'default' ? false : null;
}

export const isSubscription = (value: PushSubscribed | null): value is PushSubscription => typeof value === 'object' && value !== null;

function initialState(): PushState {
  // The worker is registered only in the built app (features/installable-app/installed-app.ts):
  // in Vite's dev server and in tests there is no worker to subscribe with.
  const isCapable = import.meta.env.PROD && typeof window !== 'undefined' && isPushCapable(window);
  return { isCapable, isSubscribed: isCapable ? subscribedFromPermission(Notification.permission) : false, lastMessage: null };
}

let state: PushState = initialState();
const listeners = new Set<() => void>();

export const getPushState = (): PushState => state;

export function setPushState(change: Partial<PushState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function subscribePushState(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The push state, re-rendering on every change. */
export function usePushState(): PushState {
  return useSyncExternalStore(subscribePushState, getPushState, getPushState);
}
