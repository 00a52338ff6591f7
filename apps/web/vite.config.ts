/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000', '/photos': 'http://127.0.0.1:3000' } },
  // manifest: the bundle-size report follows the entry's static imports (scripts/report-bundle-size.ts).
  build: { outDir: 'dist', sourcemap: true, reportCompressedSize: true, manifest: true },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
  test: { setupFiles: ['./src/test/setup.ts'] },
});
