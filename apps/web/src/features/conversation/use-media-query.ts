import { useCallback, useSyncExternalStore } from 'react';

/** A computer with a mouse and a wide screen: there Enter sends and Shift+Enter starts a new line. */
export const DESKTOP_QUERY = '(min-width: 992px) and (hover: hover) and (pointer: fine)';

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether a media query matches now, following changes (a rotated tablet, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
}
