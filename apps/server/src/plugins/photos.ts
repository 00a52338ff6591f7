/**
 * Serves member photos from `<data dir>/photos` under /photos/ (the sites' default cdn_prefix).
 * File names never change once written (a new upload gets a new name), so every file is cached
 * for a year as immutable. No directory listing, no dot files; anything missing under /photos/ is
 * a JSON 404 in the member's language.
 */
import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PHOTO_CACHE_CONTROL, photosRoot } from '../infra/photo-storage';
import { sendError } from './errors';

export const PHOTOS_PREFIX = '/photos/';

/** Where photos live on disk (the disk adapter of infra/photo-storage): filenames in the photos table are relative to it. */
export { photosRoot };

// Not wrapped in fastify-plugin: the static handler and the 404 handler stay inside /photos/.
const photosPlugin: FastifyPluginAsync<{ dataDir: string }> = async (app, { dataDir }) => {
  const root = photosRoot(dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        // The web app registers @fastify/static too: only one may decorate the reply.
        decorateReply: false,
        list: false,
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        // A directory is never a photo: 404 rather than send's 403.
        allowedPath: (pathname) => !pathname.endsWith('/'),
        cacheControl: false,
        setHeaders(res) {
          res.setHeader('cache-control', PHOTO_CACHE_CONTROL);
        },
      });
      scope.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'not_found', 'errors.not_found'));
    },
    { prefix: PHOTOS_PREFIX.replace(/\/$/, '') },
  );
};

export default photosPlugin;
