import { isLanderPathname } from './landers';

/**
 * The spec's route table (section 2), by name. Paths use react-router syntax.
 * `servedRouteNames` lists the screens that exist today: the server answers 200 for those and
 * 404 for every other path, and the web router registers exactly these (a test checks both).
 */
export const ROUTES = {
  index: '/',
  members: '/members',
  'members-id': '/members/:id',
  /** A member sub-screen: the conversation with that member, started from their profile (spec section 2). */
  'members-id-chat': '/members/:id/chat',
  /** Member landing pages (spec section 2, member sub-screens; issue 31): that profile and a signup that writes to it. */
  'members-id-landing': '/members/:id/landing',
  'members-id-signup': '/members/:id/signup',
  'members-id-landing2': '/members/:id/landing2/:slug?',
  'members-id-landing3': '/members/:id/landing3/:slug?',
  'likes-m-id': '/likes/m/:id',
  chats: '/chats',
  'chats-id': '/chats/:id',
  likes: '/likes',
  'likes-type': '/likes/:type',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  transactions: '/transactions/:id?',
  premium: '/premium',
  pricing: '/pricing',
  complaints: '/complaints',
  profile: '/profile',
  notifications: '/notifications',
  directdebit: '/directdebit',
  'lang-config': '/lang-config',
  login: '/login',
  signup: '/signup',
  'complete-signup': '/complete-signup',
  'signup-matches': '/signup-matches',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'account-deleted': '/account-deleted',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'mail-change-do': '/mail-change/do',
  /** The "This was not me" link of a security notice (decision 012). */
  'account-not-me': '/account/not-me',
  /** The member's moderation decisions (statements of reasons) and appeals (issue 13). */
  decisions: '/decisions',
  /** A statement's e-mail link: one decision and its appeal without a login (a suspended member cannot log in). */
  'decision-token': '/decision/:token',
  /** A notification mail's unsubscribe link (issue 30): turns that kind of mail off without a login. */
  unsubscribe: '/unsubscribe',
  'pages-ban': '/pages/ban',
  'pages-cookies': '/pages/cookies',
  'pages-faq': '/pages/faq',
  'pages-privacy': '/pages/privacy',
  'pages-return-policy': '/pages/return-policy',
  'pages-service': '/pages/service',
  'pages-terms': '/pages/terms',
  /** The spec's `{token}` static page: any page of the static-page catalogue by its token (decision 053); unknown tokens answer 404. */
  'pages-token': '/pages/:token',
  /** The landers (issue 31): only the names of shared/rules/landers.ts are pages; a slug only where one is taken. */
  landers: '/landers/:name/:slug?',
} as const;

export type RouteName = keyof typeof ROUTES;

export const STATIC_PAGE_SLUGS = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

/** Screens that are real today. Add a name here when its screen lands. */
export const SERVED_ROUTE_NAMES: readonly RouteName[] = [
  'index',
  'members',
  'members-id',
  'likes',
  'likes-type',
  'likes-m-id',
  'chats',
  'chats-id',
  'members-id-chat',
  'profile',
  'login',
  'signup',
  'complete-signup',
  'reset-password',
  'reset-password-do',
  'account-deleted',
  'activate-done',
  'activate-error',
  'mail-change-do',
  'account-not-me',
  'decisions',
  'decision-token',
  'unsubscribe',
  'notifications',
  'swipe-game',
  'match-finder',
  'signup-matches',
  'credits',
  'credits-repeat-order',
  'credits-id-paymentmethod',
  'transactions',
  'directdebit',
  'premium',
  'pricing',
  'complaints',
  'lang-config',
  'pages-terms',
  'pages-privacy',
  'pages-cookies',
  'pages-ban',
  'pages-faq',
  'pages-return-policy',
  'pages-service',
  'pages-token',
  'members-id-landing',
  'members-id-signup',
  'members-id-landing2',
  'members-id-landing3',
  'landers',
];

/** Builds a path from a route name: routePath('members-id', { id: 7 }) -> '/members/7'. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  const path = ROUTES[name].replace(/\/:(\w+)(\?)?/g, (_m, key: string) =>
    params[key] === undefined ? '' : `/${encodeURIComponent(String(params[key]))}`,
  );
  return path === '' ? '/' : path;
}

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (!part.startsWith(':')) return '/' + part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

/** The `{token}` route serves only the catalogue's tokens: the server answers 404 for any other, as the page does. */
const STATIC_PAGE_TOKEN_PATH = new RegExp(`^/pages/(?:${STATIC_PAGE_SLUGS.join('|')})/?$`);

// Landers match by their known names (shared/rules/landers.ts), not by the route's pattern: /landers/nope is a 404.
const servedMatchers = SERVED_ROUTE_NAMES.filter((name) => name !== 'landers').map((name) =>
  name === 'pages-token' ? STATIC_PAGE_TOKEN_PATH : toRegExp(ROUTES[name]),
);

/** True when a browser path belongs to a screen that exists (used by the server for 200 vs 404). */
export function isServedPath(pathname: string): boolean {
  return servedMatchers.some((re) => re.test(pathname)) || isLanderPathname(pathname);
}
