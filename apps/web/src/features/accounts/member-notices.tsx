import { Suspense } from 'react';
import { lazyWithReload } from '../../app/chunk-reload';
import { useSession } from '../session/use-session';

const ActivationReminder = lazyWithReload(() => import('./activation/activation-reminder'));

/** Notices above every logged-in page; today the activation reminder (its own chunk). */
export function MemberNotices() {
  const { user } = useSession();
  if (user?.status !== 'not_confirmed') return null;
  return (
    <Suspense fallback={null}>
      <ActivationReminder user={user} />
    </Suspense>
  );
}
