import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from './page-fallback';

/** The page alone (the signup modal joins it when accounts land). */
export function EmptyLayout() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}
