import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import { isValidElement, Suspense, type ReactNode } from 'react';
import { ROUTES, type RouteName, type StaticPageSlug } from '@cupido/shared/rules/routes';
import { DefaultLayout } from './layouts/default-layout';
import { PageFallback } from '../ui/page-fallback';
import { lazyWithReload } from '../platform/chunk-reload';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { RequireMember, RequireSearchAccess } from '../features/session/require-member';
import { AutoLikeLauncher } from '../features/matching/auto-like-launcher';
import { preloadProfileChatActions } from './profile-chat-actions';

export interface RouteHandle {
  name: RouteName;
}

const StaticPage = lazyWithReload(() => import('../features/static-pages/static-page'));
// Every account screen is its own chunk: the home page's initial bundle carries none of them.
const MembersPage = lazyWithReload(() => import('../features/members/members-page'));
const LoginPage = lazyWithReload(() => import('../features/accounts/login/login-page'));
const SignupPage = lazyWithReload(() => import('./signup-with-members'));
const CompleteSignupPage = lazyWithReload(() => import('../features/accounts/activation/complete-signup-page'));
const ActivateErrorPage = lazyWithReload(() => import('../features/accounts/activation/activate-error-page'));
const ResetPasswordPage = lazyWithReload(() => import('../features/accounts/password/reset-password-page'));
const ResetPasswordDoPage = lazyWithReload(() => import('../features/accounts/password/reset-password-do-page'));
const MailChangeDoPage = lazyWithReload(() => import('../features/accounts/email/mail-change-do-page'));
const NotMePage = lazyWithReload(() => import('../features/accounts/security/not-me-page'));
const AccountDeletedPage = lazyWithReload(() => import('../features/accounts/deletion/account-deleted-page'));
// Screens that compose several features (account, profile, blocks, credits) live in features above them.
const ActivateDonePage = lazyWithReload(() => import('../features/onboarding/activate-done-page'));
const NotificationsPage = lazyWithReload(() => import('../features/member-settings/notifications-page'));
const UnsubscribePage = lazyWithReload(() => import('../features/notification-settings/unsubscribe-page'));
// Moderation decisions and appeals (issue 13): the list for members, the e-mail link's page for anyone with the token.
const DecisionsPage = lazyWithReload(() => import('../features/moderation-notices/decisions-page'));
const DecisionLinkPage = lazyWithReload(() => import('../features/moderation-notices/decision-link-page'));
// Profile screens, each its own chunk with the lazily registered 'profiles' texts.
const ProfilePage = lazyWithReload(() => import('../features/profiles/own-profile/profile-page'));
const MemberPage = lazyWithReload(() => {
  // Its chat actions (Message, Gift) are a chunk of the conversation feature: fetched alongside.
  preloadProfileChatActions();
  return import('../features/profiles/member/member-page');
});
const LikesPage = lazyWithReload(() => import('../features/likes/likes-page'));
// Swipe game, match finder and signup suggestions (issue 11), each its own chunk with the 'matching' texts.
const SwipeGamePage = lazyWithReload(() => import('../features/matching/swipe-game-page'));
const MatchFinderPage = lazyWithReload(() => import('../features/matching/match-finder-page'));
const SignupMatchesPage = lazyWithReload(() => import('../features/matching/signup-matches-page'));
// The chat layout and its screens (issue 12): full screen, members only, their own chunks with the 'conversation' texts.
const ChatLayout = lazyWithReload(() => import('../features/conversation/chat-layout'));
const ChatsIndexPage = lazyWithReload(() => import('../features/conversation/chats-index-page'));
const ConversationPage = lazyWithReload(() => import('../features/conversation/conversation-page'));
// Credits shop and payments (issue 14): each screen its own chunk with its feature's texts.
const CreditsPage = lazyWithReload(() => import('../features/shop/credits-page'));
const CheckoutPage = lazyWithReload(() => import('../features/shop/checkout-page'));
const TransactionPage = lazyWithReload(() => import('../features/shop/transaction-page'));
const RepeatOrderPage = lazyWithReload(() => import('../features/shop/repeat-order-page'));
const DirectDebitPage = lazyWithReload(() => import('../features/direct-debit/direct-debit-page'));
const PremiumPage = lazyWithReload(() => import('../features/premium/premium-page'));
const PricingPage = lazyWithReload(() => import('../features/premium/pricing-page'));
const LangConfigPage = lazyWithReload(() => import('../features/locale/lang-config-page'));
// Complaints (issue 31): anyone, visitor or member, files one and gets a reference number.
const ComplaintsPage = lazyWithReload(() => import('../features/complaints/complaints-page'));
// Member landing pages (issue 31): one chunk for the four designs; the {token} static page is a small chunk over the static pages'.
const MemberLandingPage = lazyWithReload(() => import('../features/member-landing/member-landing-page'));
const StaticTokenPage = lazyWithReload(() => import('../features/static-pages/static-token-page'));
// Landers (issue 31): one chunk for all eleven; it picks the lander or the empty layout itself (decision 052).
const LanderPage = lazyWithReload(() => import('../features/landers/lander-page'));

function named(name: RouteName, element: RouteObject['element']): RouteObject {
  return { path: ROUTES[name], element, handle: { name } satisfies RouteHandle };
}

function staticPage(name: RouteName, slug: StaticPageSlug): RouteObject {
  return named(name, <StaticPage slug={slug} />);
}

/**
 * The spec's route table, by name, rendered by useRoutes (app.tsx; the declarative router, not the
 * data router: see docs/decisions/011-initial-load.md). `handle.name` is read by matchRoutes. Only screens that exist are registered (SERVED_ROUTE_NAMES);
 * every other path falls through to the 404 page, as the server answers 404 for it too.
 */
export const appRoutes: RouteObject[] = [
  {
    // Landers: their own layouts (logo bar and footer, or the signup modal alone); an unknown name shows the 404 page.
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      named(
        'landers',
        <LanderPage
          notFound={
            <DefaultLayout>
              <NotFoundPage />
            </DefaultLayout>
          }
        />,
      ),
    ],
  },
  {
    // The chat layout (spec section 2): full screen, no navigation or footer; logged-out visitors log in first.
    element: (
      <RouteErrorBoundary>
        <RequireMember />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <Suspense fallback={<PageFallback />}>
            <ChatLayout />
          </Suspense>
        ),
        children: [
          named('chats', <ChatsIndexPage />),
          named('chats-id', <ConversationPage />),
          named('members-id-chat', <ConversationPage />),
        ],
      },
    ],
  },
  {
    element: (
      <RouteErrorBoundary>
        <DefaultLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Errors of a page render inside the layout, so navigation and footer stay usable.
        element: (
          <RouteErrorBoundary>
            <Outlet />
            <AutoLikeLauncher />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage />, handle: { name: 'index' } satisfies RouteHandle },
          staticPage('pages-terms', 'terms'),
          staticPage('pages-privacy', 'privacy'),
          staticPage('pages-cookies', 'cookies'),
          staticPage('pages-ban', 'ban'),
          staticPage('pages-faq', 'faq'),
          staticPage('pages-return-policy', 'return-policy'),
          staticPage('pages-service', 'service'),
          named('pages-token', <StaticTokenPage />),
          named('login', <LoginPage />),
          named('signup', <SignupPage />),
          named('activate-error', <ActivateErrorPage />),
          named('reset-password', <ResetPasswordPage />),
          named('reset-password-do', <ResetPasswordDoPage />),
          named('mail-change-do', <MailChangeDoPage />),
          named('account-not-me', <NotMePage />),
          named('account-deleted', <AccountDeletedPage />),
          named('decision-token', <DecisionLinkPage />),
          // A notification mail's unsubscribe link: no login, the mail's signed token is the permission.
          named('unsubscribe', <UnsubscribePage />),
          // What premium is and costs: for visitors too (the footer links /pricing).
          named('premium', <PremiumPage />),
          named('pricing', <PricingPage />),
          // The language choice as a page (spec section 2), for visitors and members.
          named('lang-config', <LangConfigPage />),
          // The footer's Complaints link: visitors complain too (the service terms' complaints section).
          named('complaints', <ComplaintsPage />),
          // A profile's landing pages: visitors (members go on to the profile page), whatever the search rules.
          named('members-id-landing', <MemberLandingPage variant="landing" />),
          named('members-id-signup', <MemberLandingPage variant="signup" />),
          named('members-id-landing2', <MemberLandingPage variant="landing2" />),
          named('members-id-landing3', <MemberLandingPage variant="landing3" />),
          {
            // Search and profile pages: members, and visitors where the site allows logged-out search.
            element: <RequireSearchAccess />,
            children: [named('members', <MembersPage />), named('members-id', <MemberPage />)],
          },
          {
            // Members area: logged-out visitors go to /login?redirect=<path>.
            element: <RequireMember />,
            children: [
              named('likes', <LikesPage />),
              named('likes-type', <LikesPage />),
              named('likes-m-id', <MemberPage />),
              named('profile', <ProfilePage />),
              named('complete-signup', <CompleteSignupPage />),
              named('activate-done', <ActivateDonePage />),
              named('notifications', <NotificationsPage />),
              named('decisions', <DecisionsPage />),
              named('swipe-game', <SwipeGamePage />),
              named('match-finder', <MatchFinderPage />),
              named('signup-matches', <SignupMatchesPage />),
              named('credits', <CreditsPage />),
              named('credits-repeat-order', <RepeatOrderPage />),
              named('credits-id-paymentmethod', <CheckoutPage />),
              named('transactions', <TransactionPage />),
              named('directdebit', <DirectDebitPage />),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Every route name registered in a route tree (for the test against SERVED_ROUTE_NAMES). */
export function registeredRouteNames(routes: RouteObject[] = appRoutes): RouteName[] {
  return routes.flatMap((route) => [
    ...((route.handle as RouteHandle | undefined)?.name ? [(route.handle as RouteHandle).name] : []),
    ...registeredRouteNames(route.children ?? []),
  ]);
}

/**
 * Starts fetching the lazy chunk of the page at `pathname` (nothing for eager pages and unknown paths).
 * main.tsx calls it first thing, so on a deep link such as /members/12 the page's code arrives in
 * parallel with the boot calls rather than after them (Lighthouse: FCP and LCP on mobile).
 * Answers whether a chunk was asked for.
 */
export function preloadRoute(pathname: string, routes: RouteObject[] = appRoutes, how: 'preload' | 'prefetch' = 'preload'): boolean {
  return preloadElement(matchRoutes(routes, pathname)?.at(-1)?.route.element, how);
}

/** Starts fetching the chunk of a route's element through its `preload` (guarded) or `prefetch`; see preloadRoute. */
export function preloadElement(element: ReactNode, how: 'preload' | 'prefetch'): boolean {
  const type: unknown = isValidElement(element) ? element.type : undefined;
  const fetchCode = (type as Partial<Record<typeof how, unknown>> | undefined)?.[how];
  if (typeof fetchCode !== 'function') return false;
  (fetchCode as () => Promise<unknown>)().catch(() => {
    // The render loads it again and shows the route's error page if it still fails.
  });
  return true;
}
