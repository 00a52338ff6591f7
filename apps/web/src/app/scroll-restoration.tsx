import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** How long a restore waits for the page to grow tall enough (lazy chunks, search results). */
const RESTORE_WAIT_MS = 4000;
const MAX_REMEMBERED = 50;
/**
 * The key react-router gives an entry the app did not create: every page opened fresh (a link
 * from outside, a typed URL, the payment provider's return to /transactions/{id}) has it. Such
 * entries share it, so a position stored under it alone belonged to another page (issue 29:
 * payment results opened scrolled down). Positions of such an entry are kept under the key and its
 * address, and a page opened fresh starts at its top; Back to it from a page the app opened
 * returns to where it was left.
 */
const FRESH_ENTRY_KEY = 'default';

const entryKey = (key: string, address: string) => (key === FRESH_ENTRY_KEY ? `${FRESH_ENTRY_KEY}:${address}` : key);

/** Bootstrap's reboot makes scrolling smooth; a page change jumps, as a fresh page load would. */
function jumpTo(top: number): void {
  window.scrollTo({ top, left: 0, behavior: 'instant' });
}

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_REMEMBERED)));
  } catch {
    // Storage blocked: positions still work within this page load.
  }
}

/**
 * Scroll restoration keyed by history entry, for the declarative router (react-router's own
 * <ScrollRestoration> needs the data router). A new page starts at the top; Back and Forward
 * return to where that entry was left, waiting until the page has grown tall enough (its chunk and
 * data load after the navigation) unless the visitor scrolls first. Replacing the URL of the same
 * page (filters written into the query) keeps the position.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readPositions();
  const currentKey = useRef(entryKey(location.key, location.pathname + location.search));
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current!.set(currentKey.current, window.scrollY);
      });
    };
    const persist = () => savePositions(positions.current!);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    const samePage = previousPath.current === location.pathname;
    const firstRender = previousPath.current === null;
    previousPath.current = location.pathname;
    currentKey.current = entryKey(location.key, location.pathname + location.search);
    // A page opened fresh starts at its top, whatever this tab once saw at the same address.
    const saved = firstRender && location.key === FRESH_ENTRY_KEY ? undefined : positions.current!.get(currentKey.current);

    if (navigationType === 'POP') {
      if (saved === undefined) return firstRender ? undefined : jumpTo(0);
      return restore(saved);
    }
    if (navigationType === 'REPLACE' && samePage) return;
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ behavior: 'instant' });
      return;
    }
    jumpTo(0);
    // location.key alone changes on every navigation; the other values are read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}

/**
 * Set on <html> while a position is being restored. Parts that stand in for their content with a
 * guessed height (`content-visibility: auto`, the profile grid's cards) lay out for real while it
 * is set: a position saved over real cards points at other content when the cards above it are
 * counted at their guessed height (issue 29: Back to the member list landed 29 px off, as
 * each card above it is 30 px shorter than its 16rem guess and the browser's scroll anchoring
 * then moved the page).
 */
export const RESTORING_SCROLL_ATTRIBUTE = 'data-restoring-scroll';

/**
 * Takes the attribute off after two frames: the browser records a `content-visibility: auto`
 * part's real size (its `contain-intrinsic-height: auto`) in the frame it was laid out, so the
 * parts keep their real height once they may be skipped again and nothing moves.
 */
function endRestoringAfterLayout(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      document.documentElement.removeAttribute(RESTORING_SCROLL_ATTRIBUTE);
    }),
  );
}

/** Scrolls to y now or, when the page is still too short, as soon as it has grown (or gives up). */
function restore(y: number): (() => void) | undefined {
  document.documentElement.setAttribute(RESTORING_SCROLL_ATTRIBUTE, '');
  const tryScroll = () => {
    jumpTo(y);
    return Math.abs(window.scrollY - y) < 2;
  };
  if (tryScroll()) {
    endRestoringAfterLayout();
    return undefined;
  }
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchmove', stop);
    window.removeEventListener('keydown', stop);
    endRestoringAfterLayout();
  };
  const observer = new ResizeObserver(() => tryScroll() && stop());
  observer.observe(document.body);
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  // The visitor scrolling wins over a late restore.
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchmove', stop, { passive: true });
  window.addEventListener('keydown', stop);
  return stop;
}
