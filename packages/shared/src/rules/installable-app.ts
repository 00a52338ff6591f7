/**
 * The installable app (issue 30): where the service worker and the offline page live. The server
 * serves them, the web app registers the worker, and the worker precaches the offline page.
 */

/** The worker's file at the site's root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw-push.js';
/** The URL the app registers (spec section 7: "Service worker /sw-push.js?v=2 handles push"). */
export const SERVICE_WORKER_URL = `${SERVICE_WORKER_PATH}?v=2`;
/** The offline screen a navigation gets when the network fails: the site's name, its texts in the seven languages. */
export const OFFLINE_PAGE_PATH = '/offline.html';
/** The offline screen's script (the CSP allows no inline script): the member's language and "Try again". */
export const OFFLINE_SCRIPT_PATH = '/offline.js';
/** The site's app icons (per site, drawn by the server): the manifest's, and the icon of every push notification. */
export const APP_ICON_PATHS = { 192: '/icons/icon-192.png', 512: '/icons/icon-512.png' } as const;
