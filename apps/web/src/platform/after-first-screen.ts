/** Background work that waits for the first screen: the live channel (features/chats), the service worker (features/installable-app). */

/** Without requestIdleCallback (Safari), the work starts this long after the page's load event. */
const SETTLE_FALLBACK_MS = 500;
/** The idle callback's own deadline: a page that never goes idle still gets its live channel and service worker. */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * Runs `start` once the first screen has settled: after the page's load event and when the main
 * thread is next idle, so background work (the live channel, the service worker) never competes with what the member came to see.
 * Returns a cancel.
 */
export function afterFirstScreen(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: SETTLE_TIMEOUT_MS });
    else timer = setTimeout(start, SETTLE_FALLBACK_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
