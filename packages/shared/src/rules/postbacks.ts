/**
 * Conversion postbacks (issue 31): the events an affiliate network is paid for, and the limits of
 * what the back office stores about a network. Zod-free, shared by the server and the back office.
 */

import { TRACKING_PARAMS, type TrackingParam } from './tracking';

/** What a network is told about, once per member each: the signup, the activation, the first purchase. */
export const POSTBACK_EVENTS = ['signup', 'activation', 'purchase'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

/** A call waits in the job queue, was answered with 2xx, or gave up after its retries. */
export const POSTBACK_CALL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type PostbackCallStatus = (typeof POSTBACK_CALL_STATUSES)[number];

/** Most characters of a postback URL template and of a filled-in URL. */
export const POSTBACK_URL_MAX = 2000;
/** Most characters of the network's answer kept in the call log. */
export const POSTBACK_ANSWER_MAX = 500;
/** Most characters of a network's name (the `network` tracking value it matches). */
export const POSTBACK_NETWORK_MAX = 200;

/**
 * What a URL template may name, each filled in URL-encoded when the call is made: the tracking
 * values the visitor brought (with the ad-tracking consent), the network's name, the event, the
 * first purchase's amount (major units, e.g. 14.96) and currency, and {user}: an opaque id of the
 * member, the same for all three events, that is not the account id (decision 050). Never the
 * e-mail address.
 */
export const POSTBACK_PLACEHOLDERS = [
  // Every tracking parameter but the e-mail address (and `network`, the network's name, among them).
  ...TRACKING_PARAMS.filter((param): param is Exclude<TrackingParam, 'email'> => param !== 'email'),
  'event',
  'amount',
  'currency',
  'user',
] as const;
export type PostbackPlaceholder = (typeof POSTBACK_PLACEHOLDERS)[number];

/** Why a template is refused (each a translated message in the back office). */
export type PostbackTemplateProblem =
  | 'postback_template_required'
  | 'postback_template_too_long'
  | 'postback_template_invalid'
  | 'postback_template_not_https'
  | 'postback_template_private_host'
  | 'postback_template_placeholder_in_host'
  | 'postback_template_unknown_placeholder';

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The names in braces that are no placeholder, in the order they appear (each once). */
export function unknownPostbackPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(POSTBACK_PLACEHOLDERS as readonly string[]).includes(name)) unknown.add(name);
  }
  // A brace left open or closed alone is no placeholder either.
  if (template.replace(PLACEHOLDER, '').match(/[{}]/)) unknown.add(template.replace(PLACEHOLDER, '').includes('{') ? '{' : '}');
  return [...unknown];
}

function ipv4Parts(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 || // loopback
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata lives here)
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

/**
 * True for an address a server must not be made to call: loopback, private, link-local, carrier
 * NAT, multicast and reserved ranges, IPv4 or IPv6 (with IPv4 inside, ::ffff:10.0.0.1), and the
 * names `localhost` and `*.localhost`. `host` as URL.hostname gives it (IPv6 in brackets or not).
 */
export function isPrivateHost(rawHost: string): boolean {
  const host = rawHost
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (!host.includes(':')) return false;
  // IPv6: the unspecified and loopback addresses, IPv4-mapped or -compatible ones by their IPv4.
  const mapped = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(host) ?? /^::(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(host);
  if (mapped) {
    const parts = ipv4Parts(mapped[1]!);
    return parts ? isPrivateIpv4(parts) : true;
  }
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hexMapped) {
    const high = parseInt(hexMapped[1]!, 16);
    const low = parseInt(hexMapped[2]!, 16);
    return isPrivateIpv4([high >> 8, high & 255, low >> 8, low & 255]);
  }
  if (/^[0:]+$/.test(host) || /^(?:0{0,4}:)+0{0,3}1$/.test(host)) return true; // :: and ::1
  const first = parseInt(host.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    first === 0x64 || // NAT64 64:ff9b::/96 reaches IPv4 behind it
    first === 0x2002 || // 6to4 embeds an IPv4 address
    first === 0 // the rest of ::/8 (IPv4-compatible, reserved)
  );
}

/** The demo's local double: http://127.0.0.1:<port>/..., accepted only when the server runs as a demo. */
export const isLoopbackDouble = (url: URL): boolean => url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.port !== '';

/**
 * The first problem of a URL template, or null; what can be told without the network. The server
 * also refuses names that resolve to a private address, when the template is saved and again
 * before each call. `allowLoopbackDouble`: a demo's or test's http://127.0.0.1:<port> double.
 */
export function postbackTemplateProblem(template: string, options: { allowLoopbackDouble: boolean }): PostbackTemplateProblem | null {
  const value = template.trim();
  if (!value) return 'postback_template_required';
  if (value.length > POSTBACK_URL_MAX) return 'postback_template_too_long';
  // The host must be fixed: a placeholder there would let a tracking value choose the server called.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1] ?? '';
  if (/[{}]/.test(authority)) return 'postback_template_placeholder_in_host';
  let url: URL;
  try {
    url = new URL(value.replace(PLACEHOLDER, 'x'));
  } catch {
    return 'postback_template_invalid';
  }
  if (url.username || url.password) return 'postback_template_invalid';
  const double = options.allowLoopbackDouble && isLoopbackDouble(url);
  if (url.protocol !== 'https:' && !double) return 'postback_template_not_https';
  if (!double && isPrivateHost(url.hostname)) return 'postback_template_private_host';
  if (unknownPostbackPlaceholders(value).length > 0) return 'postback_template_unknown_placeholder';
  return null;
}

/** Tells the amount of a purchase in major units as networks expect it: 1496 EUR cents -> "14.96", 500 JPY -> "500". */
export function postbackAmount(amountMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
      }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals, as every currency the sites sell in.
  }
  return (amountMinor / 10 ** digits).toFixed(digits);
}
