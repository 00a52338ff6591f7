/**
 * The ad-tracking parameters (spec section 4) and what a value may be before anything keeps it
 * (issue 31, bad input): a value is read from a URL anyone can write, so an over-long one is cut
 * and a malformed one dropped, in the browser when it is captured and again on the server before
 * it is stored. Zod-free: the web app's shell carries it.
 */
import { isValidEmail, normalizeEmail } from './email';

export const TRACKING_PARAMS = [
  'network',
  'ref',
  'sub',
  'sub1',
  'sub2',
  'sub3',
  'aff_sub',
  'aff_sub2',
  'aff_sub3',
  'aff_sub4',
  'aff_sub5',
  'cpc',
  'email',
] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];

/** Most UTF-16 units of a kept tracking value (network ids, click ids and sub ids are far shorter). */
export const TRACKING_VALUE_MAX = 200;

const isTrackingParam = (key: string): key is TrackingParam => (TRACKING_PARAMS as readonly string[]).includes(key);

/** Control characters (C0, DEL, C1) and lone surrogates: no id or address holds them. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const MALFORMED = /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds a control character or a lone surrogate (a URL value or path that is no text). */
export const isMalformed = (value: string): boolean => MALFORMED.test(value);

/**
 * The value to keep for `param`, or null to drop it: trimmed; dropped when empty or malformed; an
 * e-mail address only when it is one (lower-cased); anything else cut to TRACKING_VALUE_MAX
 * without splitting a character.
 */
export function cleanTrackingValue(param: TrackingParam, raw: string): string | null {
  const value = raw.trim();
  if (!value || isMalformed(value)) return null;
  if (param === 'email') return isValidEmail(value) ? normalizeEmail(value) : null;
  if (value.length <= TRACKING_VALUE_MAX) return value;
  const cut = value.slice(0, TRACKING_VALUE_MAX);
  // A high surrogate at the end would be half a character.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The known parameters of `tracking` with their cleaned values; unknown keys and dropped values go. */
export function cleanTracking(tracking: Record<string, unknown> | undefined | null): Partial<Record<TrackingParam, string>> {
  const clean: Partial<Record<TrackingParam, string>> = {};
  for (const [key, raw] of Object.entries(tracking ?? {})) {
    if (!isTrackingParam(key) || typeof raw !== 'string') continue;
    const value = cleanTrackingValue(key, raw);
    if (value !== null) clean[key] = value;
  }
  return clean;
}

/** Most characters of a landing page's path (a lander's path and slug are far shorter). */
export const LANDING_PAGE_MAX = 200;

/**
 * The landing page to keep, or null: a path of this site (starting with one '/'), without its
 * query, not malformed and not longer than LANDING_PAGE_MAX.
 */
export function cleanLandingPage(raw: string | undefined | null): string | null {
  const path = (raw ?? '').trim().split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//') || isMalformed(path) || path.length > LANDING_PAGE_MAX) return null;
  return path;
}
