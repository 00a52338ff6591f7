import { lazy, Suspense } from 'react';

// The table and the credits texts load in their own chunk: the settings page stays light.
const CreditHistoryTable = lazy(() => import('./credit-history-table'));

/** The settings' "Credit history" section (issue 10): every change of the member's credits, newest first. */
export function CreditHistory() {
  return (
    <Suspense fallback={null}>
      <CreditHistoryTable />
    </Suspense>
  );
}
