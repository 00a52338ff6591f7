/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeChunks } from './scripts/route-chunks-plugin';

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532,
 * #14102): dev warnings on, more code, slower on a phone. The build takes the production build the
 * package ships beside it; dev and tests keep the development one and its warnings.
 */
const reactRouterProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url));
/** react-i18next's `use-sync-external-store/shim`: React's own hook (src/platform/use-sync-external-store-shim.ts). */
const syncExternalStore = fileURLToPath(new URL('./src/platform/use-sync-external-store-shim.ts', import.meta.url));

export default defineConfig(({ command }) => ({
  // routeChunks: the link prefetch's map of lazy screens to their files (scripts/route-chunks-plugin.ts).
  plugins: [react(), routeChunks()],
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: syncExternalStore },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000', '/photos': 'http://127.0.0.1:3000' } },
  // manifest: the bundle-size report follows the entry's static imports (scripts/report-bundle-size.ts).
  build: {
    outDir: 'dist',
    // Maps are written for debugging but not referenced from the bundles; the server never serves *.map.
    sourcemap: 'hidden',
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: {
      // zod's constructors (and the shared contracts' z* helpers) build plain objects: marked pure,
      // a schema that nothing in a chunk uses is dropped instead of being built when the chunk
      // loads. Building schemas was a long task on a phone (issue 29). Nothing in the web app calls
      // z.* for a side effect (zod's config is set by app/zod-jitless.ts without zod).
      treeshake: {
        manualPureFunctions: [
          'z',
          'zBackOfficeCursor',
          'zBackOfficeDay',
          'zBackOfficeTime',
          'zClientId',
          'zId',
          'zIdempotencyKey',
          'zInt32',
          'zMessageId',
          'zText',
          'zIso',
        ],
      },
      output: {
        // Everything the entry imports statically stays in one initial chunk. Without this group
        // Rolldown cuts every module that a lazy chunk shares with the entry into its own small
        // common chunk: about twenty initial requests, each gzipped alone (~7 KB more to download).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // Lazy chunks are named by their hash alone: the entry lists every lazy chunk's file name
        // (the router's imports and the preload map), so a name per chunk cost ~1 KB gzip of the
        // initial JavaScript. The manifest still maps each source to its file.
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
  css: {
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } },
  },
  // Tests never compile SCSS (Bootstrap takes seconds): stylesheets import as empty modules.
  test: { setupFiles: ['./src/test/setup.ts'], css: false },
}));
