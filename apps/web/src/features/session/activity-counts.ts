import { createContext, useContext, useEffect } from 'react';

export interface ActivityCounts {
  unreadMessages: number;
  newLikes: number;
}

export const NO_ACTIVITY: ActivityCounts = { unreadMessages: 0, newLikes: 0 };

/**
 * Unread messages and new likes for the navigation badges, the page-title prefix and the app
 * badge. The chats feature's ChatsProvider fills unreadMessages, the likes feature's
 * LikesProvider newLikes (app.tsx nests them in that order; LikesProvider sets the app badge).
 */
export const ActivityCountsContext = createContext<ActivityCounts>(NO_ACTIVITY);

export function useActivityCounts(): ActivityCounts {
  return useContext(ActivityCountsContext);
}

/** The Badging API where the browser has it (installed apps); absent elsewhere. */
type BadgingNavigator = Partial<{ setAppBadge: (count?: number) => Promise<void>; clearAppBadge: () => Promise<void> }>;

/**
 * Shows `count` on the installed app's icon, or clears it at 0 (spec section 4). Without the
 * Badging API nothing happens, and a refusal is ignored (spec section 8: badge update failure).
 */
export function setAppBadge(count: number, navigatorLike: BadgingNavigator = globalThis.navigator as BadgingNavigator): void {
  const update = count > 0 ? navigatorLike?.setAppBadge?.bind(navigatorLike, count) : navigatorLike?.clearAppBadge?.bind(navigatorLike);
  if (!update) return;
  try {
    update().catch(() => {});
  } catch {
    // Some browsers throw at once (no permission, not installed): the badge is only a hint.
  }
}

/** Keeps the app badge on `count`. */
export function useAppBadge(count: number): void {
  useEffect(() => setAppBadge(count), [count]);
}
