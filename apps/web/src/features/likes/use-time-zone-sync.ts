import { useEffect, useRef } from 'react';
import type { TUser } from '@cupido/shared/contracts/accounts';
import { request } from '../../api/client';
import { useSession } from '../session/use-session';
import { browserTimeZone } from './time-zone';

/**
 * Spec section 9: free Likes start again at the member's own midnight. The browser's zone is
 * stored on the account (PUT /api/user.php) once a session, when it differs from the stored one,
 * so the server counts the member's day as they see it (the site's zone until then).
 */
export function useTimeZoneSync(): void {
  const { user } = useSession();
  const sentFor = useRef<number | null>(null);
  // null until a browser told it: the site's zone counts until then.
  const stored = user?.time_zone;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null || sentFor.current === userId) return;
    const zone = browserTimeZone();
    if (stored === zone) return;
    sentFor.current = userId;
    // The answer is not written into the session: nothing on screen shows the zone, and a new
    // session object would re-render every screen of the page while it loads. The next refresh
    // of the session brings the stored zone.
    request<{ user: TUser }>('/api/user.php', { method: 'PUT', body: { time_zone: zone } }).catch(() => {
      // The site's zone stays until the next session tries again: the countdown uses the browser's anyway.
    });
  }, [userId, stored]);
}
