/**
 * Partner redirects (spec section 1; issue 31): a visitor who may not sign up on this site (closed
 * to their traffic source, or a country the site does not serve) can be sent to a partner site,
 * configured per site and country. Zod-free, shared by the server, the back office and the app.
 */

/** The country value that matches every country without a row of its own. */
export const ANY_COUNTRY = '*';
/** Most characters of a partner's target URL. */
export const PARTNER_URL_MAX = 2000;

/**
 * True for an address a partner link or image may have: https, a host name, no user name or
 * password, at most `max` characters. A plain http link would leak the tracking to the network;
 * credentials in a link would leak to every visitor.
 */
export function isHttpsUrl(value: string, max = PARTNER_URL_MAX): boolean {
  if (value.length === 0 || value.length > max || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** True for the country value of a redirect: '*' or two capital letters. */
export const isRedirectCountry = (value: string): boolean => value === ANY_COUNTRY || /^[A-Z]{2}$/.test(value);

/** The tracking parameters a partner gets: every cleaned one except the e-mail address (personal data, never passed on). */
export const PARTNER_TRACKING_EXCLUDED = ['email'] as const;

/**
 * `target` with `params` set on its query. A parameter the operator put in the address already
 * gives way (a redirect: the visitor's source is the point), or is kept with `keepExisting`.
 */
export function withQuery(target: string, params: Record<string, string>, keepExisting = false): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) if (!keepExisting || !url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.href;
}

/** The host name a notice names before the visitor is taken there. */
export function partnerHost(target: string): string {
  try {
    return new URL(target).hostname;
  } catch {
    return '';
  }
}
