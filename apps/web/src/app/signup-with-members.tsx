import { lazy, Suspense } from 'react';
import SignupPage from '../features/accounts/signup/signup-page';

/**
 * The search-profiles strip (issue 31) in a chunk of its own, after the form: the form shows at
 * once, and a strip that cannot load leaves the form as it is.
 */
const SignupMembersStrip = lazy(() => import('../features/member-landing/signup-members-strip').catch(() => ({ default: () => null })));

/**
 * /signup with the strip below the form, composed here above both features: member landing pages
 * build on the signup form (accounts), so accounts cannot import them without a circle.
 */
export default function SignupWithMembers() {
  return (
    <SignupPage
      below={
        <Suspense fallback={null}>
          <SignupMembersStrip />
        </Suspense>
      }
    />
  );
}
