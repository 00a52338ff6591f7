/**
 * Compresses API answers (JSON, members' /api/ and the back office's /admin/api/) of 1 KB and more for clients that accept it: brotli at quality 4
 * (a fraction of the CPU of 11 for most of the gain) or gzip. Everything outside /api/ is left
 * alone: the web app's files are compressed at build time (web-app.ts), the HTML shell is cached
 * compressed (web-shell.ts), and photos are images that do not shrink.
 * Register before any route: @fastify/compress attaches itself to routes as they are added.
 */
import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export default fp(
  async (app) => {
    // Runs before @fastify/compress's own onRoute hook (added next), which honours `compress: false`.
    app.addHook('onRoute', (route) => {
      if (route.compress === undefined && !route.url.startsWith('/api/') && !route.url.startsWith(`${ADMIN_API_PREFIX}/`))
        route.compress = false;
    });
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
