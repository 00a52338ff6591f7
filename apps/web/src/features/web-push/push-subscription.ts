/**
 * This browser's push subscription (issue 30, decision 044): read from the browser, made with the
 * site's VAPID key, and told to the server through `POST /api/user.php?push=1` (decision 040).
 * The subscription belongs to the worker the app registers (features/installable-app), never to a
 * second registration of our own.
 */
import type { TPushSubscriptionAnswer, TPushSubscriptionRequest } from '@cupido/shared/contracts/push';
import { request } from '../../api/client';
import { getPushState, setPushState, subscribedFromPermission, type PushSubscribed } from './push-state';

/** The worker's registration, if the app registered it (it does after the first screen, in the built app). */
const registration = () => navigator.serviceWorker.getRegistration();

const sendPushCall = (body: TPushSubscriptionRequest) =>
  request<TPushSubscriptionAnswer>('/api/user.php', { method: 'POST', query: { push: '1' }, body });

/** How long a logout waits for the server to forget this browser (the client retries failures). */
export const LOGOUT_REMOVAL_WAIT_MS = 3_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let previousCall: Promise<unknown> = Promise.resolve();

/**
 * The calls that change the server's copy of this browser run one after another. Without that a
 * page load's send could reach the server after a logout's removal and store the browser again
 * (a CI run saw it: the send started as /members loaded, the member logged out at once). A call
 * that hangs holds the next one back LOGOUT_REMOVAL_WAIT_MS at most.
 */
function inTurn<T>(call: () => Promise<T>): Promise<T> {
  const result = Promise.race([previousCall, wait(LOGOUT_REMOVAL_WAIT_MS)]).then(call);
  previousCall = result.catch(() => undefined);
  return result;
}

/**
 * Stores this browser for the logged-in member (again on every visit: the server keeps its keys
 * fresh, and a browser another member used moves to this one). Nothing is sent, and null comes
 * back, when the browser no longer has this subscription by its turn (a logout came first).
 */
export function sendSubscription(subscription: PushSubscription): Promise<TPushSubscriptionAnswer | null> {
  return inTurn(async () => {
    const current = await (await registration())?.pushManager.getSubscription();
    if (current?.endpoint !== subscription.endpoint) return null;
    return sendPushCall({ subscription: subscription.toJSON() as TPushSubscriptionRequest['subscription'] });
  });
}

/** Removes this browser from the member's pushes on the server. */
export function removeSubscription(endpoint: string): Promise<TPushSubscriptionAnswer> {
  return sendPushCall({ subscription: null, endpoint });
}

/** The VAPID public key of the settings (base64url, a 65-byte P-256 point) as the bytes PushManager takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Whether a subscription was made with this key: a site with new keys needs a new subscription, as the old one's pushes would be refused. */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true; // the browser does not say: keep it
  const wanted = applicationServerKey(publicKey);
  const bytes = new Uint8Array(used);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** What this browser has now: its subscription, false, or 'denied' (the member blocked notifications). */
export async function readBrowserSubscription(): Promise<PushSubscribed> {
  if (Notification.permission === 'denied') return 'denied';
  return (await (await registration())?.pushManager.getSubscription()) ?? false;
}

/**
 * Turns push on in this browser: asks the member's permission (only a click may ask), subscribes
 * with the site's key and stores the subscription on the server. A no is 'denied'; a closed prompt
 * leaves it off. If the server refuses, the browser's subscription goes too (it would get nothing)
 * and the error is thrown for the screen to show.
 */
export async function turnOnPush(publicKey: string): Promise<PushSubscribed> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    const outcome = subscribedFromPermission(permission) ?? false;
    setPushState({ isSubscribed: outcome });
    return outcome;
  }
  // The registration the app made; waits for its worker if it is still installing.
  const { pushManager } = await navigator.serviceWorker.ready;
  let subscription = await pushManager.getSubscription();
  if (subscription && !madeWithKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  try {
    await sendSubscription(subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    setPushState({ isSubscribed: false });
    throw error;
  }
  setPushState({ isSubscribed: subscription });
  return subscription;
}

/**
 * Turns push off in this browser: removed on the server (that needs the member's session), then in
 * the browser. `strict` (the settings' button) throws when the server refuses, and the browser
 * stays subscribed as the server has it. A logout goes on whatever the server says, after
 * LOGOUT_REMOVAL_WAIT_MS at most (twice that behind a send that hangs); a browser the server still knows then is forgotten at its next
 * push, whose push service answers 410 (decision 040).
 */
export async function turnOffPush({ strict }: { strict: boolean }): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    // In turn with the sends: one already on its way lands first; one after finds no subscription.
    await inTurn(async () => {
      const removal = removeSubscription(subscription.endpoint);
      if (strict) await removal;
      else await Promise.race([removal.catch(() => undefined), wait(LOGOUT_REMOVAL_WAIT_MS)]);
      await subscription.unsubscribe().catch(() => false);
    });
  }
  setPushState({ isSubscribed: Notification.permission === 'denied' ? 'denied' : false });
}

/**
 * Before logout (features/accounts' useLogout): a browser left subscribed would show the next
 * person on it the member's news. Quietly nothing where push is not possible.
 */
export async function forgetThisBrowser(): Promise<void> {
  if (!getPushState().isCapable) return;
  await turnOffPush({ strict: false });
}
