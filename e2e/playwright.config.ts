import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser scenarios in Debian's Chromium (never a downloaded browser) against the built web app
 * served by the real server on a fresh data directory with the demo seed.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
// Decided once in the runner; its workers inherit the variable, so they read the same mailbox.
process.env.CUPIDO_E2E_DATA_DIR ??= path.join(os.tmpdir(), `cupido-e2e-${process.pid}`);
export const E2E_DATA_DIR = process.env.CUPIDO_E2E_DATA_DIR;
/**
 * The demo admin's TOTP secret (base32) for the browser scenarios: the seed stores it as set up,
 * so e2e/support/staff.ts can compute the codes. Never set DEMO_STAFF_TOTP_SECRET in production.
 */
export const E2E_DEMO_STAFF_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** Mailgun's webhook signing key of the e2e server: the scenarios sign bounce and complaint events with it. */
export const E2E_MAILGUN_WEBHOOK_SIGNING_KEY = 'e2e-mailgun-webhook-signing-key';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // In CI the failed scenario's page snapshot is printed too: the run's output is all that is kept.
  reporter: process.env.CI ? [['list'], ['./support/failure-context-reporter.ts']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Scenarios that need many members sign them up through the API, each from its own
      // X-Forwarded-For address, so the signup limit per address (10 an hour) holds for the rest.
      TRUST_PROXY: '1',
      DEMO_STAFF_TOTP_SECRET: E2E_DEMO_STAFF_TOTP_SECRET,
      // Notification mails go at the next minute's scan rather than two minutes later (notifications-phone).
      NOTIFICATION_MAIL_DELAY_SECONDS: '0',
      MAILGUN_WEBHOOK_SIGNING_KEY: E2E_MAILGUN_WEBHOOK_SIGNING_KEY,
    },
  },
});
