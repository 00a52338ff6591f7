/**
 * The worker side of icu-warmup.ts: one number and one date format in the page's language, which
 * loads the browser's ICU data and finds the device's time zone. Both are kept for the whole
 * renderer process, so the page's own first Intl call no longer pays for them (decision 075).
 */

/** The little of a dedicated worker's scope this needs (the web app's types are the DOM's, not a worker's). */
interface WarmupScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

/** Formats once in `locale` (the browser's default when it is not a language tag Intl accepts). */
export function warmIcu(locale: unknown): void {
  const tag = typeof locale === 'string' && locale !== '' ? locale : undefined;
  try {
    new Intl.NumberFormat(tag).format(1234.5);
    new Intl.DateTimeFormat(tag).resolvedOptions();
  } catch {
    // A tag Intl refuses: the browser's own language warms the shared data all the same.
    new Intl.NumberFormat().format(1234.5);
    new Intl.DateTimeFormat().resolvedOptions();
  }
}

/** Answers 'warm' once done, and ends itself: it has no other work. */
export function serveWarmup(scope: WarmupScope): void {
  scope.onmessage = (event) => {
    warmIcu(event.data);
    scope.postMessage('warm');
    scope.close();
  };
}

// Only in a worker: a page (or a unit test) importing this module gets the functions alone.
if (typeof (self as { document?: unknown }).document === 'undefined') serveWarmup(self as unknown as WarmupScope);
