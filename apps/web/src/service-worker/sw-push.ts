/**
 * The site's service worker, served at /sw-push.js?v=2 (spec section 7) from the site's root, so
 * its scope is the whole site. Built by vite.sw.config.ts into one classic script, after the app's
 * own build, whose file list it precaches.
 *
 * One section per module, each adding its own event listeners:
 * - app-shell.ts: install, activate and fetch: the app's files from the cache, pages from the
 *   network with the offline page when there is none (decision 041).
 * - push.ts: the `push` and `notificationclick` handlers of web push (issue 30, decision 044); they
 *   need nothing from the app shell's caching.
 */
import './app-shell';
import './push';
