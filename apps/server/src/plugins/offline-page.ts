/**
 * The offline screen of the installable app (issue 30, decision 041): the service worker caches
 * this page when it installs and shows it when a page cannot load for want of a network. Per site
 * (its name and colour) and in the language of the request, with the texts of all seven languages
 * in the page, so that the script (the CSP allows no inline one) can switch to the member's
 * language of the moment (the locale cookie) when the page is shown later, offline.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LOCALE_CODES, LOCALE_COOKIE, type LocaleCode } from '@cupido/shared/rules/locales';
import { OFFLINE_PAGE_PATH, OFFLINE_SCRIPT_PATH } from '@cupido/shared/rules/installable-app';
import type { Site } from '../features/sites/service';
import { translate } from '../i18n/translate';
import { escapeHtml, shellLocale, themeColorOf } from './web-shell';

// Revalidated whenever the worker installs (it asks with cache: 'reload'); never stale for long.
const OFFLINE_CACHE_CONTROL = 'no-cache';

interface OfflineTexts {
  title: string;
  text: string;
  online: string;
  retry: string;
}

export function offlineTexts(locale: LocaleCode, siteName: string): OfflineTexts {
  return {
    title: translate(locale, 'offline.title'),
    text: translate(locale, 'offline.text', { site: siteName }),
    online: translate(locale, 'offline.online'),
    retry: translate(locale, 'offline.retry'),
  };
}

/** JSON that is safe inside a <script> element: no `<` that could close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderOfflinePage(site: Pick<Site, 'name' | 'themeColor'>, locale: LocaleCode): string {
  const t = offlineTexts(locale, site.name);
  const all = Object.fromEntries(LOCALE_CODES.map((code) => [code, offlineTexts(code, site.name)]));
  const colour = themeColorOf(site);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${colour}">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} – ${escapeHtml(site.name)}</title>
<style>
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#fff;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center}
main{padding:1.5rem;max-width:26rem}
.site{font-weight:700;color:${colour};margin:0 0 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
.hint{color:#6c757d;font-size:.875rem}
button{font:inherit;min-height:44px;padding:.5rem 1.5rem;border:0;border-radius:.375rem;background:#212529;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid ${colour};outline-offset:2px}
</style>
</head>
<body>
<main id="offline-page">
<p class="site">${escapeHtml(site.name)}</p>
<h1 id="offline-title">${escapeHtml(t.title)}</h1>
<p id="offline-text">${escapeHtml(t.text)}</p>
<p><button type="button" id="offline-retry">${escapeHtml(t.retry)}</button></p>
<p class="hint" id="offline-online">${escapeHtml(t.online)}</p>
</main>
<script type="application/json" id="offline-texts">${scriptJson({ site: site.name, texts: all })}</script>
<script src="${OFFLINE_SCRIPT_PATH}"></script>
</body>
</html>`;
}

/** How long after the 'online' event the page is asked for again. */
const ONLINE_SETTLE_MS = 500;
/** How often the offline screen tries again by itself while the device says it is online. */
export const RETRY_WHILE_ONLINE_MS = 5_000;

/** The offline page's script: the member's language (the locale cookie), "Try again", and a reload once back online. */
export const OFFLINE_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('offline-texts').textContent);
  var match = document.cookie.match(/(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})/);
  var locale = match && data.texts[match[1]] ? match[1] : document.documentElement.lang;
  var t = data.texts[locale];
  if (t) {
    document.documentElement.lang = locale;
    document.title = t.title + ' \\u2013 ' + data.site;
    ['title', 'text', 'retry', 'online'].forEach(function (key) {
      document.getElementById('offline-' + key).textContent = t[key];
    });
  }
  function reload() { window.location.reload(); }
  document.getElementById('offline-retry').addEventListener('click', reload);
  // Back online: a moment for the connection to settle, then the page again.
  window.addEventListener('online', function () { setTimeout(reload, ${ONLINE_SETTLE_MS}); });
  // Shown although the device says it is online: the server could not be reached, or the
  // connection came back a moment after the last try (no second 'online' event follows). Try again by
  // itself, now and then, for as long as this screen is shown.
  if (navigator.onLine) setTimeout(reload, ${RETRY_WHILE_ONLINE_MS});
})();
`;

const offlinePage: FastifyPluginAsync = async (app) => {
  app.get(OFFLINE_PAGE_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', OFFLINE_CACHE_CONTROL)
      .header('vary', 'Cookie')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(renderOfflinePage(request.site, shellLocale(request, request.site))),
  );
  app.get(OFFLINE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', OFFLINE_CACHE_CONTROL).type('text/javascript; charset=utf-8').send(OFFLINE_SCRIPT),
  );
};

export default offlinePage;
