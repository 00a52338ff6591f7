/**
 * Ad-tracking parameters (spec section 4): read from the landing URL, kept in localStorage
 * under 'tracking' (merged with earlier visits) and removed from the address bar.
 */
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
export type Tracking = Partial<Record<TrackingParam, string>>;

export const TRACKING_STORAGE_KEY = 'tracking';

/** Parameters that say where a visitor came from (the e-mail address is not a source). */
const SOURCE_PARAMS: readonly TrackingParam[] = TRACKING_PARAMS.filter((p) => p !== 'email');

interface TrackingDeps {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

const browserDeps = (): TrackingDeps => ({ location: window.location, history: window.history, storage: window.localStorage });

export function readTracking(storage: Pick<Storage, 'getItem'> = window.localStorage): Tracking {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRACKING_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const tracking: Tracking = {};
    for (const key of TRACKING_PARAMS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) tracking[key] = value;
    }
    return tracking;
  } catch {
    return {};
  }
}

/** Stores the URL's tracking params and strips them from it. Returns what the URL carried. */
export function captureTrackingParams(deps: TrackingDeps = browserDeps()): Tracking {
  const url = new URL(deps.location.href);
  const found: Tracking = {};
  for (const key of TRACKING_PARAMS) {
    const value = url.searchParams.get(key);
    if (value !== null) {
      if (value) found[key] = value;
      url.searchParams.delete(key);
    }
  }
  if (url.href === deps.location.href) return found;

  try {
    deps.storage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ ...readTracking(deps.storage), ...found }));
  } catch {
    // Storage blocked: the visit is simply not attributed.
  }
  deps.history.replaceState(deps.history.state, '', url.pathname + url.search + url.hash);
  return found;
}

export function hasTrafficSource(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  const tracking = readTracking(storage);
  return SOURCE_PARAMS.some((key) => !!tracking[key]);
}

/** The traffic-source parameters that search.php and member.php read (logged_out_search_trafficsource). */
export const SEARCH_TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** A visitor's stored traffic source as search.php and member.php read it. */
export function searchTrackingQuery(storage?: Pick<Storage, 'getItem'>): Record<string, string> {
  const tracking: Record<string, string | undefined> = readTracking(storage);
  const query: Record<string, string> = {};
  for (const key of SEARCH_TRACKING_PARAMS) if (tracking[key]) query[key] = tracking[key]!;
  return query;
}
