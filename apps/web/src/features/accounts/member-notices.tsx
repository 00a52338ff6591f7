import { lazyWithReload } from '../../platform/chunk-reload';
import { useSession } from '../session/use-session';

const ActivationReminder = lazyWithReload(() => import('./activation/activation-reminder'));

/**
 * Notices above every logged-in page; today the activation reminder (its own chunk). It has no
 * Suspense boundary of its own: the layout renders it inside the page's, so the notice and the page
 * appear in one paint instead of the notice pushing a half-loaded page down (a layout shift).
 */
export function MemberNotices() {
  const { user } = useSession();
  if (user?.status !== 'not_confirmed') return null;
  return <ActivationReminder user={user} />;
}
