import { routePath } from '@cupido/shared/rules/routes';

/**
 * The `redirect` query param after login, only when it is a path on this site (no other origin,
 * no protocol-relative //host, not the login page itself); otherwise the members page.
 */
export function safeRedirect(redirect: string | null, origin: string = window.location.origin): string {
  const fallback = routePath('members');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return fallback;
  try {
    const url = new URL(redirect, origin);
    if (url.origin !== origin || url.pathname === routePath('login')) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
