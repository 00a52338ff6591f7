/**
 * The installable app at 375 px (issue 30, decision 041). The service worker registers once the
 * first screen has settled and controls the page after a reload: the app's files come from its
 * cache, API answers never do. Offline, a page shows the site's offline screen in the member's
 * language with "Try again"; back online, the page opens. The Back button shows only in
 * the installed app (standalone display, emulated in the page), on a profile
 * reached from the search, not on the search itself and not in a browser tab.
 */
import { expect, test, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

async function member(page: Page, label: string) {
  await skipEntryWarning(page);
  const email = newEmail(label);
  await signupThroughApi(page.request, email, 'Noor');
  await activateThroughMail(page.request, email);
}

/** What the worker's caches hold: every URL, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) all.push(`${name} ${new URL(request.url).pathname}`);
    return all;
  });

test('the worker caches the app, never an API answer, and offline shows the offline screen until the network is back', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await member(page, 'app-offline');
  await page.goto('/members');
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  // Registered after the first screen, at the site's root, for the whole site.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/^http:\/\/localhost:\d+\/$/);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  // A reload: the page is controlled, its files come from the worker, its API answers from the server.
  const answers: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => answers.push({ url: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }));
  await page.reload();
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw-push\.js\?v=2$/);
  const api = answers.filter((a) => a.url.startsWith('/api/'));
  expect(api.map((a) => a.url)).toEqual(expect.arrayContaining(['/api/user.php', '/api/search.php']));
  expect(api.filter((a) => a.fromWorker)).toEqual([]);
  expect(answers.filter((a) => a.url.startsWith('/assets/index-') && a.fromWorker).length).toBeGreaterThan(0);
  const cached = await cachedUrls(page);
  expect(cached.some((entry) => entry.endsWith(' /offline.html'))).toBe(true);
  expect(cached.some((entry) => / \/assets\/index-[^/]+\.js$/.test(entry))).toBe(true);
  expect(cached.filter((entry) => / \/(api|photos|admin)\b/.test(entry))).toEqual([]);
  // One cache, this build's.
  expect(new Set(cached.map((entry) => entry.split(' ')[0]))).toEqual(new Set([expect.stringMatching(/^cupido-app-[0-9a-f]{16}$/)]));

  // Offline: another page cannot load, and the offline screen says so, in the member's language.
  const profilePath = await page.locator('#search-results .profile-card a').first().getAttribute('href');
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: page.url() }]);
  await context.setOffline(true);
  await page.goto(profilePath!).catch(() => {});
  await expect(page.locator('h1')).toHaveText('Du bist offline');
  await expect(page.locator('#offline-page')).toContainText('Cupido');
  const retry = page.getByRole('button', { name: 'Erneut versuchen' });
  await expect(retry).toBeVisible();
  const box = (await page.locator('#offline-page').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  // "Try again" while still offline: still the offline screen.
  await retry.click();
  await expect(page.locator('h1')).toHaveText('Du bist offline');

  // Back online, the screen reloads by itself (as "Try again" does) and the page opens.
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: page.url() }]);
  await context.setOffline(false);
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('#offline-page')).toHaveCount(0);
});

/**
 * The installed app's display, from the next page load on. The DevTools protocol's media emulation
 * (Emulation.setEmulatedMedia) accepts display-mode but does not apply it in Chromium 156, so the
 * page's own matchMedia answers the standalone query as matched (any other query as it is).
 */
async function standalone(page: Page) {
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => real(/display-mode:\s*standalone/.test(query) ? 'all' : query);
  });
}

test('the Back button shows in the installed app on a profile reached from the search, not on the search, not in a tab', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  await member(page, 'app-back');
  await standalone(page);
  await page.goto('/members');
  expect(await page.evaluate(() => window.matchMedia('(display-mode: standalone)').matches)).toBe(true);
  const back = page.getByRole('button', { name: 'Back' });
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  await expect(back).toHaveCount(0);

  await page.locator('#search-results .profile-card a').first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(back).toBeVisible();
  // In the top bar at 375 px, a 44 px target, before the logo.
  const box = (await back.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // Keyboard: focus and Enter go back to the search.
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/members(\?.*)?$/);
  await expect(back).toHaveCount(0);

  // Opened straight on a profile (from a notification, say): nothing in the app to go back to.
  const profile = await page.locator('#search-results .profile-card a').first().getAttribute('href');
  const fresh = await context.newPage();
  await standalone(fresh);
  await fresh.goto(profile!);
  await expect(fresh.locator('main h1').first()).toBeVisible();
  await expect(fresh.getByRole('button', { name: 'Back' })).toHaveCount(0);

  // A browser tab: the browser has its own Back button, the app shows none.
  const tab = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    storageState: await context.storageState(),
  });
  const tabPage = await tab.newPage();
  await skipEntryWarning(tabPage);
  await tabPage.goto('/members');
  await tabPage.locator('#search-results .profile-card a').first().click();
  await expect(tabPage).toHaveURL(/\/members\/\d+$/);
  await expect(tabPage.locator('main h1').first()).toBeVisible();
  await expect(tabPage.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await tab.close();
});
