/**
 * Serves the built single-page app. Hashed assets get a year of immutable caching; every path of
 * a screen that exists gets the per-site HTML shell (web-shell.ts) with 200, any other path the
 * shell with 404 (the app then renders 'This page could not be found'), and unknown /api paths a
 * JSON 404. Text assets are sent from the `.br`/`.gz` files the build wrote beside them
 * (apps/web/scripts/compress-assets.ts), chosen by Accept-Encoding; source maps are never served.
 * The service worker (/sw-push.js, built by apps/web/vite.sw.config.ts) is revalidated on every
 * check, so a deploy reaches installed apps at once; its offline page is offline-page.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isServedPath } from '@cupido/shared/rules/routes';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { SERVICE_WORKER_PATH } from '@cupido/shared/rules/installable-app';
import { sendError } from './errors';
import offlinePage from './offline-page';
import siteIcons from './site-icons';
import { APPLE_TOUCH_ICON_PATH, FAVICON_PATH, ICON_PATHS, MANIFEST_PATH, ShellCache, withTestBanner } from './web-shell';
import { translate } from '../i18n/translate';
import type { SettingsAnswers } from '../features/sites/settings-answer';

const MISSING_BUILD_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cupido</title></head><p>The web app is not built yet: run <code>npm run build</code>.</p></html>';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const SHORT_CACHE_CONTROL = 'public, max-age=300';
/** The service worker: the browser asks the server each time it checks for an update (decision 041). */
export const SERVICE_WORKER_CACHE_CONTROL = 'no-cache';

// Not routes of their own: the shell is sent per site, compressed copies only by negotiation, maps
// never; the per-site icons and manifest win over any file of the same name in the build.
const NOT_SERVED_FROM_DIST = [
  'index.html',
  'index.html.*',
  'admin.html',
  'admin.html.*',
  'admin-manifest.json',
  'admin-manifest.json.*',
  '**/*.map',
  '**/*.br',
  '**/*.gz',
  ...[FAVICON_PATH, APPLE_TOUCH_ICON_PATH, MANIFEST_PATH, ...Object.values(ICON_PATHS)].map((p) => p.slice(1)),
];

export default fp<{ webDistDir: string; testSiteBanner?: boolean; settingsAnswer?: SettingsAnswers; countryHeader?: string }>(
  async (app, { webDistDir, testSiteBanner = false, settingsAnswer, countryHeader }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (!hasBuild) app.log.warn({ webDistDir }, 'web app build not found; serving a placeholder page');
    // Read once: the build does not change while the server runs.
    const shell = new ShellCache(hasBuild ? fs.readFileSync(indexFile, 'utf8') : MISSING_BUILD_HTML, {
      testSiteBanner,
      settingsAnswer,
      countryHeader,
    });
    // The back office (issue 13) is its own entry of the build, the same page for every path under /admin.
    const adminFile = path.join(webDistDir, 'admin.html');
    // The back office is English first (issue 13): its staging banner too.
    const adminHtml = withTestBanner(
      fs.existsSync(adminFile) ? fs.readFileSync(adminFile, 'utf8') : MISSING_BUILD_HTML,
      testSiteBanner ? translate('en', 'test_site.banner') : '',
    );

    await app.register(siteIcons);
    await app.register(offlinePage);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        globIgnore: NOT_SERVED_FROM_DIST,
        setHeaders(res, filePath) {
          // filePath is the file sent, maybe `x.js.br`: the folder decides the caching either way.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          const serviceWorker = path.basename(filePath).startsWith(SERVICE_WORKER_PATH.slice(1));
          res.setHeader(
            'cache-control',
            serviceWorker ? SERVICE_WORKER_CACHE_CONTROL : immutable ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL,
          );
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
        return sendError(request, reply, 404, 'not_found', 'errors.not_found');
      }
      if (pathname === ADMIN_API_PREFIX || pathname.startsWith(`${ADMIN_API_PREFIX}/`))
        return sendError(request, reply, 404, 'not_found', 'errors.not_found');
      if (pathname === '/admin' || pathname.startsWith('/admin/')) {
        // Staff pages: never cached, never indexed.
        return reply
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex, nofollow')
          .type('text/html; charset=utf-8')
          .send(adminHtml);
      }
      if (pathname === '/index.html') return shell.send(request, reply, 200);
      // A missing file (anything with an extension) is a plain 404, not the app; so is every source map.
      if (/\.map$/i.test(pathname) || (/\.[a-z0-9]+$/i.test(pathname) && !pathname.startsWith('/pages/'))) {
        return sendError(request, reply, 404, 'not_found', 'errors.not_found');
      }
      return shell.send(request, reply, isServedPath(pathname) ? 200 : 404);
    });
  },
  { name: 'web-app' },
);
