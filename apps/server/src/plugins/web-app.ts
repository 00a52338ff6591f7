/**
 * Serves the built single-page app. Hashed assets get a year of immutable caching; every path of
 * a screen that exists gets index.html with 200, any other path index.html with 404 (the app then
 * renders 'This page could not be found'), and unknown /api paths a JSON 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isServedPath } from '@cupido/shared/routes';
import { sendError } from './errors';

const MISSING_BUILD_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Cupido</title><p>The web app is not built yet: run <code>npm run build</code>.</p></html>';

export default fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (!hasBuild) app.log.warn({ webDistDir }, 'web app build not found; serving a placeholder page');
    // Read once: the build does not change while the server runs.
    const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : MISSING_BUILD_HTML;

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
        return sendError(request, reply, 404, 'not_found', 'errors.not_found');
      }
      // A missing file (anything with an extension) is a plain 404, not the app.
      if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.startsWith('/pages/')) {
        return sendError(request, reply, 404, 'not_found', 'errors.not_found');
      }
      return reply
        .code(isServedPath(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  },
  { name: 'web-app' },
);
