/**
 * Web push while a member has the app open (issue 30, decision 044). Started with the member's
 * live channel once the first screen has settled (features/chats/chats-live.ts, a lazy chunk), and
 * stopped with it (logout, another member):
 * - this browser's subscription is read, and sent to the server on every visit, so the server's
 *   copy of its keys stays fresh and a browser another member used moves to this one (decision 040);
 *   one made with keys the site no longer has is made again with the new key;
 * - while subscribed, the member's data is refreshed every 300 s instead of 60 s (spec sections 7
 *   and 9): a push says when something changed;
 * - a push the worker reports becomes the state's lastMessage, and the chats reload at once, the
 *   likes 500 ms later (spec section 7).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TSettings } from '@cupido/shared/contracts/contracts';
import { PUSH_RECEIVED, readPushMessage, type PushMessage } from '@cupido/shared/rules/push';
import { memberRefresh, SESSION_REFRESH_MS, SESSION_REFRESH_WITH_PUSH_MS } from '../session/use-session';
import { settingsQueryKey } from '../site/settings-query';
import { getPushState, isSubscription, setPushState, subscribePushState } from './push-state';
import { madeWithKey, readBrowserSubscription, sendSubscription, turnOnPush } from './push-subscription';

/** Spec section 7: "Chats and likes reload when a push message arrives (likes after 500 ms)". */
export const LIKES_AFTER_PUSH_MS = 500;

export interface MemberPushOptions {
  /** The site's VAPID public key (settings), empty when the site has none. */
  publicKey: string;
  reloadChats: () => void;
  reloadLikes: () => void;
}

/** The site's VAPID public key from the settings the app loaded (those of any locale: the key is the site's). */
export function sitePushKey(queryClient: QueryClient): string {
  const [prefix] = settingsQueryKey(null, {});
  const [, settings] = queryClient.getQueriesData<TSettings>({ queryKey: [prefix] })[0] ?? [];
  return settings?.push_public_key ?? '';
}

/** The worker's note of a push (service-worker/push-handlers.ts), or null for any other message. */
export function pushFromWorker(data: unknown): PushMessage | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== PUSH_RECEIVED) return null;
  return readPushMessage((data as { message?: unknown }).message);
}

/** Spec sections 7 and 9: 60 s, or 300 s when push is subscribed. */
export const refreshMsFor = (isSubscribed: ReturnType<typeof getPushState>['isSubscribed']) =>
  isSubscription(isSubscribed) ? SESSION_REFRESH_WITH_PUSH_MS : SESSION_REFRESH_MS;

/** Returns the stop. Nothing happens where push is not possible. */
export function startMemberPush({ publicKey, reloadChats, reloadLikes }: MemberPushOptions): () => void {
  if (!getPushState().isCapable) return () => {};
  let stopped = false;
  let seen = getPushState().lastMessage;
  let likesTimer: ReturnType<typeof setTimeout> | undefined;
  const onMessage = () => {
    reloadChats();
    clearTimeout(likesTimer);
    likesTimer = setTimeout(reloadLikes, LIKES_AFTER_PUSH_MS);
  };

  const follow = () => {
    const { isSubscribed, lastMessage } = getPushState();
    memberRefresh.ms = refreshMsFor(isSubscribed);
    if (lastMessage && lastMessage !== seen) {
      seen = lastMessage;
      onMessage();
    }
  };
  const stopFollowing = subscribePushState(follow);
  follow();

  const onWorkerMessage = (event: MessageEvent) => {
    const message = pushFromWorker(event.data);
    if (message) setPushState({ lastMessage: message });
  };
  navigator.serviceWorker.addEventListener('message', onWorkerMessage);
  navigator.serviceWorker.startMessages();

  void syncSubscription(publicKey, () => stopped);

  return () => {
    stopped = true;
    clearTimeout(likesTimer);
    stopFollowing();
    navigator.serviceWorker.removeEventListener('message', onWorkerMessage);
    memberRefresh.ms = SESSION_REFRESH_MS;
  };
}

async function syncSubscription(publicKey: string, stopped: () => boolean): Promise<void> {
  try {
    const current = await readBrowserSubscription();
    if (stopped()) return;
    if (isSubscription(current) && publicKey && !madeWithKey(current, publicKey)) {
      // Notifications are allowed already, so this asks nothing of the member.
      await turnOnPush(publicKey);
      return;
    }
    setPushState({ isSubscribed: current });
    if (isSubscription(current)) await sendSubscription(current);
  } catch {
    // Not sent (offline, a hiccup): the server keeps what it had, and the next visit sends it again.
  }
}
