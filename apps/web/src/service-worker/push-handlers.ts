/**
 * What the worker does with a push and with a click on its notification (issue 30, decisions 040
 * and 044). Written against the few parts of the worker's global scope they use, so a test can run
 * them with doubles; push.ts hands them `self`.
 */
import { APP_ICON_PATHS } from '@cupido/shared/rules/installable-app';
import { PUSH_RECEIVED, readPushMessage, type PushMessage, type PushTargets } from '@cupido/shared/rules/push';

export interface PushScope {
  location: { origin: string; hostname: string };
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  clients: Pick<Clients, 'matchAll' | 'openWindow'>;
  fetch: typeof fetch;
}

/**
 * How long a click waits for the server to say whether a member is logged in. The browser lets a
 * notification click focus or open a window only for a few seconds; past this, checkUrl opens.
 */
export const LOGIN_CHECK_TIMEOUT_MS = 2_000;

/** The payload of a push (JSON, ZPushMessage), or null for a push without one or a garbled one. */
export function pushPayload(data: Pick<PushMessageData, 'json'> | null): PushMessage | null {
  if (!data) return null;
  try {
    return readPushMessage(data.json());
  } catch {
    return null;
  }
}

/** Every window of the site, also those this worker does not control yet (the visit that registered it). */
const siteWindows = (scope: PushScope) => scope.clients.matchAll({ type: 'window', includeUncontrolled: true });

/**
 * Shows the notification, then tells the site's open pages, whose chats and likes reload at once
 * (spec section 7: "Chats and likes reload when a push message arrives"), also if the notification
 * could not be shown. The tag makes a newer push about the same conversation, like or match replace
 * the older notification. The payload never holds a message's text (decision 040: a notification
 * shows on a locked screen).
 */
export async function showPush(scope: PushScope, message: PushMessage): Promise<void> {
  const targets: PushTargets = { checkUrl: message.checkUrl, openUrl: message.openUrl };
  try {
    await scope.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: APP_ICON_PATHS[192],
      data: targets,
    });
  } finally {
    // After the notification, so a page that hears of the push finds it among getNotifications().
    for (const page of await siteWindows(scope)) page.postMessage({ type: PUSH_RECEIVED, message });
  }
}

/**
 * Whether this browser has a member's session, as the server says (GET /api/user.php, the app's
 * own question); null when unknown (offline, too slow, an error).
 */
export async function hasMemberSession(scope: PushScope): Promise<boolean | null> {
  try {
    const response = await scope.fetch(`/api/user.php?domain=${encodeURIComponent(scope.location.hostname)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Request-Type': 'client' },
      signal: AbortSignal.timeout(LOGIN_CHECK_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const { user } = (await response.json()) as { user?: unknown };
    return user !== null && user !== undefined;
  } catch {
    return null;
  }
}

/**
 * The click (spec section 4): a logged-in member goes to the message's checkUrl, anyone else to
 * its openUrl (the login, which leads there). The worker keeps no login state of its own: it is
 * stopped between events, and a logout or an expired session elsewhere would make a kept one
 * wrong. So it asks the server at the click. When the answer does not come (offline, slow),
 * checkUrl opens: the app's members-area guard sends a visitor from it to the same login, so
 * nothing is lost.
 *
 * An open window of the site is focused and taken there, rather than a second one opened. Only a
 * window this worker controls can be navigated; another (the visit that registered the worker)
 * stays as it is and a new one opens.
 */
export async function openFromNotification(scope: PushScope, targets: PushTargets): Promise<void> {
  const path = (await hasMemberSession(scope)) === false ? targets.openUrl : targets.checkUrl;
  const url = new URL(path, scope.location.origin).href;
  const windows = await siteWindows(scope);
  const page = windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  if (page) {
    // The browser may refuse the focus (no click of the member's behind it): the navigation still goes.
    await page.focus().catch(() => undefined);
    if (await page.navigate(url).catch(() => null)) return;
  }
  await scope.clients.openWindow(url);
}

/** What renewSubscription needs of the worker's scope. */
export interface RenewScope {
  location: { hostname: string };
  registration: { pushManager: Pick<PushManager, 'subscribe'> };
  fetch: typeof fetch;
}

/**
 * The push service replaced or ended this browser's subscription (`pushsubscriptionchange`; Firefox
 * fires it, Chromium does not yet): the worker takes the new one, or subscribes again with the old
 * one's key, and tells the server as the app does (POST /api/user.php?push=1), so pushes keep
 * coming without waiting for a visit. The server stores it for the member whose session the
 * browser holds; without one it refuses, and the next visit's subscribe (member-push.ts) stores it.
 * The old endpoint is deleted on the server when its push service answers 404/410. Answers whether
 * the server took it.
 */
export async function renewSubscription(
  scope: RenewScope,
  change: { oldSubscription: PushSubscription | null; newSubscription: PushSubscription | null },
): Promise<boolean> {
  try {
    const key = change.oldSubscription?.options.applicationServerKey ?? null;
    const subscription =
      change.newSubscription ??
      (key ? await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
    if (!subscription) return false;
    const response = await scope.fetch(`/api/user.php?push=1&domain=${encodeURIComponent(scope.location.hostname)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
      body: JSON.stringify({ subscription: subscription.toJSON() }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
