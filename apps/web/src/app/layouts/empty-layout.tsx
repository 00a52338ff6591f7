import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignupLauncher } from '../../features/accounts/signup-launcher';
import { PageFallback } from './page-fallback';

/** The page alone, with the signup modal (spec section 2, Layouts). */
export function EmptyLayout() {
  return (
    <SignupLauncher>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </SignupLauncher>
  );
}
