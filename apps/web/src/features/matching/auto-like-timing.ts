/** The query parameter of spec section 2: `t=<seconds>` on load shows the like modal after that many seconds. */
export const AUTO_LIKE_DELAY_PARAM = 't';
/** A longer wait than an hour is no longer "on this visit": such a value is read as none. */
const MAX_DELAY_SECONDS = 3600;
/**
 * Without `t`, the like shows this long after the member entered the members area: after the
 * page has loaded and settled, so the modal never competes with the first screen (it would cost
 * a phone's main thread while the page becomes usable), and a like arriving while the member
 * looks around reads as what it is.
 */
export const AUTO_LIKE_SETTLE_SECONDS = 10;
/** Chats reload this long after the auto-like modal shows (spec section 6). */
export const CHATS_RELOAD_AFTER_MS = 500;

/** The seconds of `t` in a query string, or null when it is absent or not a whole number of seconds up to an hour. */
export function autoLikeDelaySeconds(search: string): number | null {
  const value = new URLSearchParams(search).get(AUTO_LIKE_DELAY_PARAM);
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= MAX_DELAY_SECONDS ? seconds : null;
}

/**
 * Takes `t` out of the address bar without a navigation or a history entry, keeping the other
 * parameters, the hash and the router's history state.
 */
export function removeAutoLikeDelayParam(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): void {
  const url = new URL(location.href);
  if (!url.searchParams.has(AUTO_LIKE_DELAY_PARAM)) return;
  url.searchParams.delete(AUTO_LIKE_DELAY_PARAM);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/**
 * Once per browser session (sessionStorage, one tab): the auto-like is asked for when a member
 * enters the members area, not on every page. Another member logging in in the same tab is not
 * asked for again until the tab is new: one missed auto-like is harmless, two in a row are not.
 */
export const AUTO_LIKE_ASKED_KEY = 'auto-like-asked';
