import { defineConfig } from 'vitest/config';

// One runner for every workspace: pure units (shared), server integration tests against a
// real database, and web component tests in happy-dom. Browser scenarios live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'] },
      },
    ],
  },
});
