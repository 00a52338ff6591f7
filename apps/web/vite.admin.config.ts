/// <reference types="vitest/config" />
/**
 * The back office (issue 13) is a build of its own: its entry admin.html, its chunks under
 * dist/assets/admin/ (immutable caching, as all of /assets/), and its own manifest. Built after
 * the members' app into the same dist folder, it can never add a byte to the members' bundles.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [
    react(),
    {
      // Dev server only: every back-office page is admin.html (the server does the same in production).
      name: 'admin-pages',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url && /^\/admin(?:\/(?!api\/)[^.]*)?(?:\?.*)?$/.test(req.url)) req.url = '/admin.html';
          next();
        });
      },
    },
  ],
  server: { port: 5174, proxy: { '/admin/api': 'http://127.0.0.1:3000', '/photos': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'assets/admin',
    sourcemap: 'hidden',
    manifest: 'admin-manifest.json',
    rolldownOptions: { input: { admin: 'admin.html' } },
  },
});
