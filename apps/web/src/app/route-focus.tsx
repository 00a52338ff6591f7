import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page's heading (its chunk or data may still be loading). */
const HEADING_WAIT_MS = 5000;

function focusWithoutScroll(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * After a route change (not the first load) the focus moves to the new page's main heading, so a
 * screen reader announces it and the next Tab starts in the page; without a heading, to <main>.
 * preventScroll: scroll position belongs to ScrollRestoration. A new query on the same page
 * (filters, result pages) keeps the focus where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main-content');
    if (!main) return;
    const startedOn = document.activeElement;
    const heading = () => main.querySelector<HTMLElement>('h1');
    // Someone who has already moved on (typed into a field, opened a menu) keeps their focus.
    const focusMovedOn = () => document.activeElement !== startedOn && document.activeElement !== document.body;

    const found = heading();
    if (found) return focusWithoutScroll(found);
    const observer = new MutationObserver(() => {
      const h1 = heading();
      if (!h1) return;
      stop();
      if (!focusMovedOn()) focusWithoutScroll(h1);
    });
    const timer = setTimeout(() => {
      stop();
      if (!focusMovedOn()) focusWithoutScroll(main);
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
