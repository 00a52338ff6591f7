import { lazy, Suspense } from 'react';

// The list, its receipts and texts load in their own chunk: the settings page stays light.
const OrdersList = lazy(() => import('./orders-list'));

/** The settings' "Orders and receipts" section (issue 14): the member's paid orders with their receipts. */
export function OrdersSection() {
  return (
    <Suspense fallback={null}>
      <OrdersList />
    </Suspense>
  );
}
