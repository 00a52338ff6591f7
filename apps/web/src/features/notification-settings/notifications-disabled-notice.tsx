import { useEffect } from 'react';
import { NOTIFICATIONS_DISABLED_REASONS } from '@cupido/shared/account-rules';
import { lazyWithReload } from '../../app/chunk-reload';
import { useSession } from '../session/use-session';

const NotificationsDisabledAlert = lazyWithReload(() => import('./notifications-disabled-alert'));

type Reason = (typeof NOTIFICATIONS_DISABLED_REASONS)[number];

/**
 * Spec section 4: "Alerts (…, disabled notifications) are dismissible and the dismissal is
 * remembered". Remembered in this browser per member and reason: the spec asks only that it is
 * stored, and a later bounce after the member fixed the first is a new fact (see the effect below).
 */
export const dismissedKey = (userId: number, reason: Reason) => `notifications-disabled-dismissed:${userId}:${reason}`;

export function wasDismissed(userId: number, reason: Reason): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(userId, reason)) !== null;
  } catch {
    return false; // storage blocked: the alert shows, which is the safe side
  }
}

export function rememberDismissed(userId: number, reason: Reason): void {
  try {
    window.localStorage.setItem(dismissedKey(userId, reason), new Date().toISOString());
  } catch {
    // Without storage the dismissal lasts for this page only.
  }
}

/**
 * Above every page of the default layout while the member gets no mail at all (a spam complaint,
 * a bounced address, "unsubscribe from everything" in a mail app): why, and how to fix it. The
 * alert is its own chunk, loaded only for such members; in the page's flow, so it covers nothing.
 */
export function NotificationsDisabledNotice() {
  const { user } = useSession();
  const reasons = user?.notifications_disabled ?? [];
  const userId = user?.id;

  // A reason that went away (fixed) forgets its dismissal: should it come back, the member hears of it again.
  useEffect(() => {
    if (userId === undefined) return;
    for (const reason of NOTIFICATIONS_DISABLED_REASONS) {
      if (reasons.includes(reason)) continue;
      try {
        window.localStorage.removeItem(dismissedKey(userId, reason));
      } catch {
        // nothing remembered, nothing to forget
      }
    }
  }, [userId, reasons]);

  if (!user || reasons.length === 0) return null;
  return <NotificationsDisabledAlert userId={user.id} email={user.email} reasons={reasons} />;
}
