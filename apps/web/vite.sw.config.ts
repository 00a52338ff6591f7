/**
 * The service worker (src/service-worker, decision 041) is a build of its own, after the app's:
 * one classic script at dist/sw-push.js (the site's root, so its scope is the whole site), with
 * the list of files to precache and a version read from the app's Vite manifest. A new build of
 * the app is a new worker, so the browser installs it and its activate deletes the old caches.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
// Relative: the config is bundled for Node, which cannot load the workspace package's TypeScript.
import { OFFLINE_PAGE_PATH, OFFLINE_SCRIPT_PATH } from '../../packages/shared/src/rules/installable-app';
import { initialChunks, type Manifest } from './scripts/report-bundle-size';

const dist = fileURLToPath(new URL('./dist', import.meta.url));

/** The offline page and its script, then the home page's initial JavaScript and CSS: what a second visit needs first. */
export function precacheList(manifest: Manifest): string[] {
  const files = initialChunks(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
  return [OFFLINE_PAGE_PATH, OFFLINE_SCRIPT_PATH, ...new Set(files.map((file) => `/${file}`))];
}

export default defineConfig((): UserConfig => {
  const manifestText = readFileSync(`${dist}/.vite/manifest.json`, 'utf8');
  const build = {
    version: createHash('sha256').update(manifestText).digest('hex').slice(0, 16),
    precache: precacheList(JSON.parse(manifestText) as Manifest),
  };
  return {
    define: { __SW_BUILD__: JSON.stringify(build) },
    publicDir: false,
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: 'src/service-worker/sw-push.ts', formats: ['iife'], name: 'cupidoServiceWorker', fileName: () => 'sw-push.js' },
    },
  };
});
