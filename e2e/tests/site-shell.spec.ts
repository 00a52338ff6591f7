import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

const entryWarning = (page: Page) => page.locator('#site-entry-warning');

async function enterSite(page: Page) {
  await expect(entryWarning(page)).toBeVisible();
  await entryWarning(page)
    .getByRole('button', { name: /enter|ga verder|weiter|entra|entrer|entrar|wchodzę/i })
    .click();
  await expect(entryWarning(page)).toBeHidden();
}

test.describe('site-entry warning', () => {
  test('is shown to a new visitor and remembered after dismissal', async ({ page }) => {
    await page.goto('/');
    await enterSite(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(entryWarning(page)).toHaveCount(0);
    await page.goto('/pages/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(entryWarning(page)).toHaveCount(0);
  });
});

test.describe('languages', () => {
  // A German-speaking visitor on the English site: the browser language makes German visible.
  test.use({ locale: 'de-DE' });

  test('switching language changes the page at once, without reload or URL prefix, and sets the cookie', async ({ page, context }) => {
    await page.goto('/pages/terms');
    await enterSite(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/terms/i);
    // A marker on window disappears if the page reloads.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator('#locale-dropdown').click();
    const choosing = Date.now();
    await page.locator('[data-locale="de"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/geschäftsbedingungen|nutzungsbedingungen|agb/i);
    const chosen = Date.now();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(new URL(page.url()).pathname).toBe('/pages/terms');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('de');
    // Remembered for 365 days from the moment of the choice, which lies between the two readings
    // (bounds that hold however slowly the test runs; cookie times have whole seconds).
    const YEAR_MS = 365 * 86_400_000;
    const expiresMs = (cookie?.expires ?? 0) * 1000;
    expect(expiresMs).toBeGreaterThanOrEqual(Math.floor((choosing + YEAR_MS) / 1000) * 1000 - 1000);
    expect(expiresMs).toBeLessThanOrEqual(Math.ceil((chosen + YEAR_MS) / 1000) * 1000 + 1000);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/geschäftsbedingungen|nutzungsbedingungen|agb/i);
  });

  test('nl.localhost opens in Dutch with its own name', async ({ page }) => {
    await page.goto(`http://nl.localhost:${E2E_PORT}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(entryWarning(page)).toBeVisible();
    await enterSite(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Amora');
    await expect(page).toHaveTitle(/Amora/);
  });
});

test.describe('titles and descriptions', () => {
  const description = (page: Page) => page.locator('meta[name="description"]');

  test('each public screen has its own translated title and description, with the site name', async ({ page }) => {
    // The Dutch site (Amora): the texts follow the visible language and name the site.
    const origin = `http://nl.localhost:${E2E_PORT}`;
    await page.goto(`${origin}/`);
    await enterSite(page);
    const home = await description(page).getAttribute('content');
    expect(home).toBeTruthy();
    const screens = [
      { path: '/login', title: 'Inloggen | Amora', description: /^Log in bij Amora en bekijk je matches/ },
      { path: '/signup', title: 'Aanmelden | Amora', description: /^Maak gratis je profiel aan op Amora/ },
      { path: '/reset-password', title: 'Wachtwoord vergeten? | Amora', description: /^Wachtwoord van Amora vergeten\?/ },
      { path: '/pages/terms', title: 'Algemene voorwaarden | Amora', description: /^De voorwaarden voor het gebruik van Amora/ },
      { path: '/pages/faq', title: 'Veelgestelde vragen | Amora', description: /^Antwoorden op veelgestelde vragen over Amora/ },
    ];
    for (const screen of screens) {
      await page.goto(`${origin}${screen.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(screen.title);
      await expect(description(page)).toHaveAttribute('content', screen.description);
    }
    // Back on a screen without its own description, the site's returns.
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(description(page)).toHaveAttribute('content', home!);
  });
});

test('the login form parses its input without breaking the Content-Security-Policy', async ({ page }) => {
  // The site forbids eval; a library that even probes for it is reported as a violation.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/login');
  await enterSite(page);
  await page.locator('#login-email').fill('nobody@example.com');
  await page.locator('#login-password').fill('not the password');
  await page.locator('#login-submit').click();
  await expect(page.locator('#login-error')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test.describe('static pages and errors', () => {
  test('a static page shows the site and company details', async ({ page }) => {
    await page.goto('/pages/service');
    await enterSite(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('support@cupido.example').first()).toBeVisible();
    await expect(page.getByText(/Cupido Media B\.V\./).first()).toBeVisible();
  });

  test('an unknown path answers 404 with a link back home', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await enterSite(page);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/`);
  });
});

test.describe('layout on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the home page fits a 375 px screen and the footer links are reachable', async ({ page }) => {
    await page.goto('/');
    await enterSite(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const path of [
      '/pages/terms',
      '/pages/privacy',
      '/pages/cookies',
      '/pages/ban',
      '/pricing',
      '/complaints',
      '/pages/return-policy',
      '/pages/faq',
      '/pages/service',
    ]) {
      await expect(page.locator(`footer a[href="${path}"]`)).toHaveCount(1);
    }
  });
});
