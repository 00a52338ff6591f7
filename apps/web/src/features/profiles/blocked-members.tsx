import { lazy, Suspense } from 'react';

// The list and the profiles texts load in their own chunk: the settings page stays light.
const BlockedMembersList = lazy(() => import('./blocked-members-list'));

/** The settings' "Blocked members" section (issue 9): each blocked member with Unblock. */
export function BlockedMembers() {
  return (
    <Suspense fallback={null}>
      <BlockedMembersList />
    </Suspense>
  );
}
