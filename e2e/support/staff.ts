/**
 * Staff for the back-office scenarios (issue 13). The demo admin's TOTP secret is fixed for the
 * browser tests (DEMO_STAFF_TOTP_SECRET, playwright.config.ts), so its codes are computed here;
 * new staff are created by the admin through the API and set TOTP up through the login screen,
 * typing the secret the screen shows as text.
 *
 * The server refuses a TOTP code whose time step was already used by that account (no replay),
 * and accepts the steps just before and after the current one. So the demo admin can log in at
 * most three times per 30 seconds: codeFor() hands out each step once per worker and waits for
 * the next step when all three are used. Prefer loginAsNewStaff() when a role other than admin
 * is enough.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { TStaffRole } from '@cupido/shared/contracts/staff';
import { E2E_DEMO_STAFF_TOTP_SECRET, E2E_PORT } from '../playwright.config';

export const DEMO_ADMIN = { email: 'admin@cupido.example', password: 'cupido-admin-2026' } as const;
export const DEMO_ADMIN_TOTP_SECRET = E2E_DEMO_STAFF_TOTP_SECRET;
export const STAFF_PASSWORD = 'staff password 2026';

const origin = `http://localhost:${E2E_PORT}`;
const PERIOD = 30;

export interface NewStaff {
  id: number;
  email: string;
  password: string;
  name: string;
  role: TStaffRole;
}

export interface LoggedInStaff extends NewStaff {
  /** The TOTP secret set up at the first login (to compute later codes). */
  totpSecret: string;
  recoveryCodes: string[];
}

/** Time steps already used per secret in this worker: the server would refuse them again. */
const usedSteps = new Map<string, Set<number>>();

/** A TOTP code the server has not seen yet for this secret (waits for the next time step if need be). */
export async function codeFor(secret: string): Promise<string> {
  const used = usedSteps.get(secret) ?? new Set<number>();
  usedSteps.set(secret, used);
  for (;;) {
    const now = Date.now() / 1000;
    const step = Math.floor(now / PERIOD);
    // The next step only when it starts soon: the server accepts one step of drift either way.
    const candidate = [step, step + 1, step - 1].find((s) => !used.has(s));
    if (candidate !== undefined) {
      used.add(candidate);
      return generate({ secret, epoch: candidate * PERIOD });
    }
    const waitMs = ((step + 1) * PERIOD - now) * 1000 + 200;
    // The wait is the server's replay rule, not slowness: the running test gets that time on top.
    test.info().setTimeout(test.info().timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

const codeField = (page: Page) => page.getByLabel('Code from your authenticator app');

async function fillPassword(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Fills the code step until the back office opens (a refused, already used step is retried with a new one). */
async function enterCode(page: Page, secret: string, button: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await codeField(page).fill(await codeFor(secret));
    await page.getByRole('button', { name: button }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== '/admin/login', { timeout: 10_000 }).then(() => 'in' as const),
      page
        .getByText('This code was already used')
        .waitFor({ timeout: 10_000 })
        .then(() => 'used' as const),
      page
        .getByRole('heading', { name: 'Your recovery codes' })
        .waitFor({ timeout: 10_000 })
        .then(() => 'codes' as const),
    ]);
    if (outcome !== 'used') return outcome;
  }
  throw new Error('no TOTP code was accepted');
}

/** Logs `page` in as the demo admin through the login screen; it then shows the dashboard. */
export async function loginAsDemoAdmin(page: Page): Promise<void> {
  await fillPassword(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(codeField(page)).toBeVisible();
  await enterCode(page, DEMO_ADMIN_TOTP_SECRET, 'Verify');
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** An API context logged in as the demo admin, kept for the worker (one TOTP step for many staff). */
let adminApi: Promise<APIRequestContext> | null = null;

async function demoAdminApi(): Promise<APIRequestContext> {
  adminApi ??= (async () => {
    const context = await playwrightRequest.newContext({ baseURL: origin });
    const login = await context.post('/admin/api/login', { data: DEMO_ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    for (let attempt = 0; ; attempt++) {
      const verify = await context.post('/admin/api/totp/verify', { data: { code: await codeFor(DEMO_ADMIN_TOTP_SECRET) } });
      if (verify.ok()) break;
      expect(attempt < 3 && verify.status() === 401, await verify.text()).toBe(true);
    }
    return context;
  })();
  try {
    return await adminApi;
  } catch (error) {
    adminApi = null;
    throw error;
  }
}

let counter = 0;

/**
 * Creates a staff member of `role` through the API, as the admin logged in on `target` (a page or
 * API context of the demo admin) or, without one, as the demo admin in a context of its own.
 * Answers the new account's login (the password is STAFF_PASSWORD).
 */
export async function createStaff(
  target: Page | APIRequestContext | null,
  role: TStaffRole,
  name = `${role[0]!.toUpperCase()}${role.slice(1)} ${counter + 1}`,
): Promise<NewStaff> {
  counter++;
  const api = target === null ? await demoAdminApi() : 'request' in target ? target.request : target;
  const email = `${role}.${Date.now()}.${counter}@staff.example`;
  const response = await api.post(`${origin}/admin/api/staff`, { data: { email, name, role, password: STAFF_PASSWORD } });
  expect(response.status(), await response.text()).toBe(201);
  const { staff } = (await response.json()) as { staff: { id: number } };
  return { id: staff.id, email, password: STAFF_PASSWORD, name, role };
}

/**
 * Creates a staff member of `role` (as the demo admin, in a context of its own) and logs `page` in
 * as them through the login screen: password, TOTP setup with the secret shown as text, the
 * recovery codes acknowledged. The page then shows the back office's dashboard.
 */
export async function loginAsNewStaff(page: Page, role: TStaffRole): Promise<LoggedInStaff> {
  return loginWithTotpSetup(page, await createStaff(null, role));
}

/** The first login of `staff` (created, TOTP not yet set up) through the login screen, setup included. */
export async function loginWithTotpSetup(page: Page, staff: NewStaff): Promise<LoggedInStaff> {
  await fillPassword(page, staff.email, staff.password);
  const secretText = page.getByTestId('totp-secret');
  await expect(secretText).toBeVisible();
  const totpSecret = (await secretText.innerText()).replace(/\s+/g, '');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await enterCode(page, totpSecret, 'Confirm');
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCodes = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  return { ...staff, totpSecret, recoveryCodes };
}
