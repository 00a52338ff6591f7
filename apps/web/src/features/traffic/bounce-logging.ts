/**
 * Bounce logging (spec sections 2 and 7; issue 31): a page opened with `lb` in its query logs its
 * visit, and when the page becomes hidden (the tab closed or left, the phone locked) an empty JSON
 * body goes as a beacon to page-hidden.php, which records when the visitor left. The visit's
 * traffic source goes with it only when the visitor accepted ad tracking (decision 024).
 * A chunk of its own: main.tsx loads it only for such a page.
 */
import { request } from '../../api/client';
import { readAdConsent, subscribeAdConsent } from '../tracking/ad-consent';
import { readTracking, type Tracking } from '../tracking/tracking';

/** The parameters a visit keeps of its source (the traffic figures count by network and sub). */
const SOURCE_KEYS = ['network', 'ref', 'sub', 'sub1', 'sub2', 'sub3'] as const;

/** True when the page's address asks for bounce logging. */
export function wantsBounceLogging(search: string): boolean {
  return new URLSearchParams(search).has('lb');
}

interface BounceDeps {
  path: string;
  consented: () => boolean;
  tracking: () => Tracking;
  post: (path: string, body: object) => Promise<unknown>;
  sendBeacon: (url: string, body: Blob) => boolean;
  doc: Pick<Document, 'addEventListener' | 'visibilityState'>;
  /** Calls back on each change of the ad-tracking choice; answers an unsubscribe. */
  onConsentChange: (listener: () => void) => () => void;
}

const browserDeps = (): BounceDeps => ({
  path: window.location.pathname,
  consented: () => readAdConsent() === 'accepted',
  tracking: () => readTracking(),
  post: (path, body) => request(path, { method: 'POST', body }),
  sendBeacon: (url, body) => navigator.sendBeacon?.(url, body) ?? false,
  doc: document,
  onConsentChange: subscribeAdConsent,
});

const sourceOf = (deps: BounceDeps): Record<string, string> => {
  const known = deps.tracking();
  return Object.fromEntries(SOURCE_KEYS.flatMap((key) => (known[key] ? [[key, known[key]]] : [])));
};

/** Logs this page's visit, then sends the page-hidden beacon each time the page is hidden. */
export async function startBounceLogging(deps: BounceDeps = browserDeps()): Promise<void> {
  const consented = deps.consented();
  const source = consented ? sourceOf(deps) : {};
  try {
    await deps.post('/api/page-visit.php', { path: deps.path, ...(Object.keys(source).length > 0 ? { tracking: source } : {}) });
  } catch {
    return; // not logged (refused, offline): nothing to report the leaving of
  }
  if (!consented) {
    // The banner is answered after the visit was logged: an accepted source joins the visit then, once.
    const stop = deps.onConsentChange(() => {
      if (!deps.consented()) return;
      stop();
      const late = sourceOf(deps);
      if (Object.keys(late).length > 0) deps.post('/api/page-source.php', { tracking: late }).catch(() => undefined);
    });
  }
  deps.doc.addEventListener('visibilitychange', () => {
    if (deps.doc.visibilityState === 'hidden') deps.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
  });
}
