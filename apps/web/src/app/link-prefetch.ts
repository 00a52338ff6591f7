/**
 * Link prefetch (spec section 7; issue 31): the code of the screens a member is likely to open next
 * is fetched before the tap, so the next screen needs no round trip for its chunk. Likely means a
 * link on screen (an IntersectionObserver sees it), or one the pointer rests on or the keyboard
 * focuses. Only the route's chunk is fetched (router.tsx, preloadRoute), never its data: nothing a
 * member has not asked for is called on the server.
 *
 * Skipped on a 2g connection or with the browser's data saver on (spec section 7), and while the
 * device is offline; started only after the first screen (main.tsx), in a chunk of its own. A
 * prefetch that fails never reloads the page (route-prefetch.ts skips the chunk reload guard).
 */

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** False on 2g (and slow-2g) or with data saver on; true where the browser does not say. */
export function mayPrefetch(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/** The build's map of lazily imported chunks to their files (scripts/route-chunks-plugin.ts), beside index.html. */
export const ROUTE_CHUNKS_URL = '/route-chunks.json';

type RouteChunkMap = Record<string, string[]>;
let routeChunkMap: Promise<RouteChunkMap | null> | undefined;
/** The map once read (null: it could not be). */
let readMap: RouteChunkMap | null | undefined;

async function loadRouteChunkMap(): Promise<RouteChunkMap | null> {
  try {
    const response = await fetch(ROUTE_CHUNKS_URL, { credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as RouteChunkMap) : null;
  } catch {
    return null;
  }
}

/**
 * The file a lazy page's import asks for, read from the import's own code: the build writes it as
 * `import("./AQm27eda.js")` (Vite's preload wrapper around it). Null where the code says no such
 * thing (the dev server imports `/src/….tsx`; tests): the page is then prefetched through its import.
 */
export function importedChunkFile(load: () => Promise<unknown>): string | null {
  return /\bimport\(\s*["'`]\.\/([\w-]+\.js)["'`]\s*\)/.exec(String(load))?.[1] ?? null;
}

/** Adds the file's link unless it has one: a module preload for a script, a style prefetch for a stylesheet. */
function linkFile(doc: Document, href: string): void {
  // Vite's own preload (a screen opened) and earlier prefetches add links by the same href. One
  // selector, as Vite's preload asks too: reading every link's href in script, for each of the
  // ~60 files a page prefetches, cost a throttled phone about 100 ms of main thread.
  if (doc.head.querySelector(`link[href="${href.replace(/["\\]/g, '\\$&')}"]`)) return;
  const link = doc.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'prefetch';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.href = href;
  doc.head.appendChild(link);
}

/** Files waiting for their link, linked one a task (fetchChunkFiles). */
const waitingFiles: Array<{ doc: Document; href: string }> = [];
let linking = false;

function linkNextFile(): void {
  const next = waitingFiles.shift();
  if (next) linkFile(next.doc, next.href);
  if (waitingFiles.length > 0) setTimeout(linkNextFile, 0);
  else linking = false;
}

function linkFiles(doc: Document, files: readonly string[]): void {
  for (const href of files) waitingFiles.push({ doc, href });
  if (linking || waitingFiles.length === 0) return;
  linking = true;
  setTimeout(linkNextFile, 0);
}

/**
 * Fetches the files of the chunk `load` imports without running them (decision 069):
 * `<link rel=modulepreload>` for its scripts (fetched and compiled; the tap's import runs them),
 * `<link rel=prefetch as=style>` for its styles. Running the chunk here cost a phone 80-120 ms of
 * main thread per screen. Answers false when the chunk's file cannot be read from `load`. The map
 * is read once; without it (a failed fetch, a file it lacks) nothing is fetched, and the tap loads
 * the chunk as it would without prefetch. Each link is added in a task of its own: adding one starts
 * its request there and then, about half a millisecond on a desktop but 10-20 ms on the slowest
 * machines Lighthouse measured (decision 070), so a chunk's three files in one task made a long one.
 */
export function fetchChunkFiles(
  load: () => Promise<unknown>,
  doc: Document = document,
  loadMap: () => Promise<RouteChunkMap | null> = loadRouteChunkMap,
): boolean {
  const file = importedChunkFile(load);
  if (!file) return false;
  const link = () => linkFiles(doc, readMap?.[file] ?? []);
  if (readMap !== undefined) link();
  else {
    routeChunkMap ??= loadMap().then((map) => (readMap = map));
    void routeChunkMap.then(link);
  }
  return true;
}

/** Tests: forget the map read by fetchChunkFiles. */
export function forgetRouteChunkMap(): void {
  routeChunkMap = undefined;
  readMap = undefined;
  waitingFiles.length = 0;
  linking = false;
}

/** How long after the page changed the links on screen are looked for again (one scan per burst of changes). */
const RESCAN_MS = 300;
/** A prefetch waits for an idle moment at most this long; without requestIdleCallback (Safari) it goes this long after the last. */
const IDLE_TIMEOUT_MS = 2_000;
const IDLE_FALLBACK_MS = 100;

/**
 * Prefetches the chunk of each same-origin link's page once, when the link comes into view or the
 * member points at or focuses it. `preload` is preloadRoute (a page without a chunk of its own does
 * nothing). Answers a stop.
 */
export function startLinkPrefetch(
  preload: (pathname: string) => unknown,
  doc: Document = document,
  nav: Navigator = navigator,
): () => void {
  if (!mayPrefetch(nav)) return () => {};
  const done = new Set<string>();
  /** Links in view wait here and go one per idle moment, so prefetching never blocks the screen in one long task. */
  const queue: string[] = [];
  let idle: number | undefined;
  const nextWhenIdle = () => {
    if (idle !== undefined || queue.length === 0) return;
    const run = () => {
      idle = undefined;
      const pathname = queue.shift();
      if (pathname !== undefined) preload(pathname);
      nextWhenIdle();
    };
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
        : (setTimeout(run, IDLE_FALLBACK_MS) as unknown as number);
  };
  const prefetch = (link: Element | null, now: boolean) => {
    if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
    // Offline a fetch can only fail: the link is tried again when it is seen or pointed at later.
    if (nav.onLine === false) return;
    const url = new URL(link.href, doc.location.href);
    if (url.origin !== doc.location.origin || done.has(url.pathname) || url.pathname === doc.location.pathname) return;
    done.add(url.pathname);
    // A link the member points at goes first and at once: it is the likeliest next screen.
    if (now) preload(url.pathname);
    else {
      queue.push(url.pathname);
      nextWhenIdle();
    }
  };

  const onIntent = (event: Event) => prefetch((event.target as Element | null)?.closest?.('a[href]') ?? null, true);
  const intentEvents = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of intentEvents) doc.addEventListener(type, onIntent, { passive: true, capture: true });

  let visible: IntersectionObserver | undefined;
  let changes: MutationObserver | undefined;
  let rescan: ReturnType<typeof setTimeout> | undefined;
  if (typeof IntersectionObserver === 'function') {
    visible = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visible?.unobserve(entry.target);
        prefetch(entry.target, false);
      }
    });
    // Observing a link twice is a no-op, so a scan may see the same links again.
    const scan = () => doc.querySelectorAll('a[href^="/"]').forEach((link) => visible?.observe(link));
    scan();
    changes = new MutationObserver(() => {
      if (rescan === undefined) rescan = setTimeout(() => ((rescan = undefined), scan()), RESCAN_MS);
    });
    changes.observe(doc.body, { childList: true, subtree: true });
  }

  return () => {
    for (const type of intentEvents) doc.removeEventListener(type, onIntent, { capture: true });
    visible?.disconnect();
    changes?.disconnect();
    clearTimeout(rescan);
    queue.length = 0;
    if (idle !== undefined) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    }
  };
}
