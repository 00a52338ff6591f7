/**
 * Ad-tracking parameters (spec section 4): read from the landing URL and removed from it. They
 * are kept for the current visit (sessionStorage 'tracking-visit'), which is all the signup gate
 * and logged-out search by traffic source need. Only with the visitor's consent (ad-consent.ts,
 * decision 024) are they kept across visits (localStorage 'tracking', merged with earlier
 * visits) and sent with signup to be stored.
 */
import { cleanTracking, cleanTrackingValue, TRACKING_PARAMS, type TrackingParam } from '@cupido/shared/rules/tracking';
import { readAdConsent, safeLocalStorage, safeSessionStorage, writeAdConsent, type AdConsentChoice } from './ad-consent';

export { TRACKING_PARAMS, type TrackingParam };
export type Tracking = Partial<Record<TrackingParam, string>>;

/** Across visits, only with consent. */
export const TRACKING_STORAGE_KEY = 'tracking';
/** This visit only (sessionStorage ends with the tab). */
export const VISIT_TRACKING_STORAGE_KEY = 'tracking-visit';

/** Parameters that say where a visitor came from (the e-mail address is not a source). */
const SOURCE_PARAMS: readonly TrackingParam[] = TRACKING_PARAMS.filter((p) => p !== 'email');

type ReadStorage = Pick<Storage, 'getItem'> | null;
type WriteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

interface TrackingDeps {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'replaceState' | 'state'>;
  /** Across visits (localStorage). */
  storage: WriteStorage;
  /** This visit (sessionStorage). */
  visitStorage: WriteStorage;
}

/**
 * The storages are opened when first used (getters): opening one is a synchronous call to the
 * browser process, and a landing URL without parameters never needs sessionStorage (decision 075).
 */
const browserDeps = (): TrackingDeps => ({
  location: window.location,
  history: window.history,
  get storage() {
    return safeLocalStorage();
  },
  get visitStorage() {
    return safeSessionStorage();
  },
});

function readStored(storage: ReadStorage, key: string): Tracking {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '{}');
    // Cleaned again on reading: storage written by an older version (or by hand) is not trusted either.
    return parsed && typeof parsed === 'object' ? cleanTracking(parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function store(storage: WriteStorage, key: string, tracking: Tracking): void {
  try {
    if (Object.keys(tracking).length > 0) storage?.setItem(key, JSON.stringify(tracking));
  } catch {
    // Storage blocked: the visit is simply not attributed.
  }
}

function forget(storage: WriteStorage, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

/** What is known now: kept parameters (only ever stored with consent), this visit's on top. */
export function readTracking(storage: ReadStorage = safeLocalStorage(), visitStorage: ReadStorage = safeSessionStorage()): Tracking {
  return { ...readStored(storage, TRACKING_STORAGE_KEY), ...readStored(visitStorage, VISIT_TRACKING_STORAGE_KEY) };
}

/**
 * At start: takes the URL's tracking params into this visit, strips them from the address bar,
 * and keeps them across visits only with consent. Without consent anything kept earlier goes.
 * Returns what the URL carried.
 */
export function captureTrackingParams(deps: TrackingDeps = browserDeps()): Tracking {
  const url = new URL(deps.location.href);
  const found: Tracking = {};
  for (const key of TRACKING_PARAMS) {
    const value = url.searchParams.get(key);
    if (value !== null) {
      // An over-long value is cut, a malformed one dropped (issue 31); either way it leaves the address bar.
      const clean = cleanTrackingValue(key, value);
      if (clean !== null) found[key] = clean;
      url.searchParams.delete(key);
    }
  }
  const accepted = readAdConsent(deps.storage) === 'accepted';
  if (!accepted) forget(deps.storage, TRACKING_STORAGE_KEY);
  if (url.href === deps.location.href) return found;

  store(deps.visitStorage, VISIT_TRACKING_STORAGE_KEY, { ...readStored(deps.visitStorage, VISIT_TRACKING_STORAGE_KEY), ...found });
  if (accepted) store(deps.storage, TRACKING_STORAGE_KEY, { ...readStored(deps.storage, TRACKING_STORAGE_KEY), ...found });
  deps.history.replaceState(deps.history.state, '', url.pathname + url.search + url.hash);
  return found;
}

/**
 * Records the visitor's choice and acts on it at once: accepting keeps this visit's parameters
 * across visits; rejecting or withdrawing forgets every kept parameter (this visit's stay for the gate).
 */
export function rememberAdConsent(choice: AdConsentChoice, deps: Pick<TrackingDeps, 'storage' | 'visitStorage'> = browserDeps()): void {
  writeAdConsent(choice, deps.storage);
  if (choice === 'accepted') {
    store(deps.storage, TRACKING_STORAGE_KEY, readTracking(deps.storage, deps.visitStorage));
  } else {
    forget(deps.storage, TRACKING_STORAGE_KEY);
  }
}

/** What signup sends: the parameters (for the gate), and whether the server may store them. */
export function signupTracking(): { tracking?: Record<string, string>; consent_ad_tracking?: true } {
  const tracking = readTracking() as Record<string, string>;
  return {
    ...(Object.keys(tracking).length ? { tracking } : {}),
    ...(readAdConsent() === 'accepted' ? { consent_ad_tracking: true as const } : {}),
  };
}

export function hasTrafficSource(storage?: ReadStorage): boolean {
  const tracking = readTracking(storage);
  return SOURCE_PARAMS.some((key) => !!tracking[key]);
}

/** The traffic-source parameters that search.php and member.php read (logged_out_search_trafficsource). */
export const SEARCH_TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** A visitor's known traffic source as search.php and member.php read it. */
export function searchTrackingQuery(storage?: ReadStorage): Record<string, string> {
  const tracking: Record<string, string | undefined> = readTracking(storage);
  const query: Record<string, string> = {};
  for (const key of SEARCH_TRACKING_PARAMS) if (tracking[key]) query[key] = tracking[key]!;
  return query;
}
