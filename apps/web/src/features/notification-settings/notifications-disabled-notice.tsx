import { useEffect } from 'react';
import { lazyWithReload } from '../../platform/chunk-reload';
import { useSession } from '../session/use-session';
import { dismissedPrefix } from './notifications-disabled-dismissal';

const NotificationsDisabledAlert = lazyWithReload(() => import('./notifications-disabled-alert'));

/**
 * Above every page of the default layout while the member gets no mail at all (a spam complaint,
 * a bounced address, "unsubscribe from everything" in a mail app): why, and how to fix it. The
 * alert is its own chunk, loaded only for such members; in the page's flow, so it covers nothing.
 */
export function NotificationsDisabledNotice() {
  const { user } = useSession();
  const reasons = user?.notifications_disabled;
  const userId = user?.id;

  // A reason that went away (fixed) forgets its dismissal: should it come back, the member hears of it again.
  useEffect(() => {
    if (userId === undefined || !reasons) return;
    try {
      const prefix = dismissedPrefix(userId);
      const stale = Object.keys(window.localStorage).filter(
        (key) => key.startsWith(prefix) && !(reasons as string[]).includes(key.slice(prefix.length)),
      );
      for (const key of stale) window.localStorage.removeItem(key);
    } catch {
      // storage blocked: nothing remembered, nothing to forget
    }
  }, [userId, reasons]);

  if (!user || user.notifications_disabled.length === 0) return null;
  return <NotificationsDisabledAlert userId={user.id} email={user.email} reasons={user.notifications_disabled} />;
}
