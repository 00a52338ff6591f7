import { expect, test, type Page } from '@playwright/test';
import { newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

// The first screens on a 375 px phone (issue 9): the entry warning lies over the page without
// moving it, a profile opens at its top, Back returns to the list where it was left, and after a
// navigation the focus is on the new page's heading.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const warning = (page: Page) => page.locator('#site-entry-warning');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * The sum of the page's layout shifts so far (the CLS that Lighthouse measures). observe() with
 * `buffered` copies every earlier entry into the observer at once, so takeRecords() has them all
 * now: no waiting for a callback that never comes when there was no shift.
 */
const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords();
    observer.disconnect();
    return entries.reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0);
  });

test('a first visit shows the entry warning over the page, which does not move', async ({ page, browser }) => {
  // Where the home page's heading sits for a visitor who dismissed the warning on an earlier visit.
  const returning = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const returningPage = await returning.newPage();
  await skipEntryWarning(returningPage);
  await returningPage.goto('/');
  await expect(heading(returningPage)).toBeVisible();
  const withoutWarning = await heading(returningPage).boundingBox();
  await returning.close();

  await page.goto('/');
  await expect(warning(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: /adults only/i })).toHaveAttribute('aria-modal', 'true');
  // An overlay over the whole screen: fixed, the page's own layout and scrollbar untouched.
  const overlay = page.locator('.entry-warning');
  await expect(overlay).toHaveCSS('position', 'fixed');
  expect(await overlay.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
  expect(await page.evaluate(() => [document.body.style.paddingRight, document.body.style.overflow])).toEqual(['', '']);
  expect(await heading(page).boundingBox()).toEqual(withoutWarning);

  // A modal dialog: the focus starts on Enter and stays inside; Escape does not close it.
  await expect(page.locator('#site-entry-warning-enter')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(warning(page).getByRole('link', { name: 'Leave' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#site-entry-warning-enter')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(warning(page)).toBeVisible();

  await page.locator('#site-entry-warning-enter').click();
  await expect(warning(page)).toHaveCount(0);
  expect(await heading(page).boundingBox()).toEqual(withoutWarning);
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test('a profile opens at its top, Back returns to the same place in the list, the focus on the heading', async ({ page }) => {
  await skipEntryWarning(page);
  await signupThroughApi(page.request, newEmail('perf-web-scroll'));
  await page.goto('/members?all=1');
  const cards = page.locator('#search-results .profile-card');
  await expect(cards.nth(5)).toBeVisible();
  // The first load leaves the focus alone (the page starts at the top of the document).
  await expect(heading(page)).not.toBeFocused();

  // Scroll down the list (as a thumb would) and open a card from there.
  const card = cards.nth(5);
  await card.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const listPosition = await page.evaluate(() => window.scrollY);
  const cardTop = (await card.boundingBox())!.y;
  const link = card.locator('a.profile-card__link');
  const href = await link.getAttribute('href');
  await link.click();

  await expect(page).toHaveURL(href!);
  await expect(page.locator('#member-profile')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(heading(page)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/members\?all=1$/);
  await expect(cards.nth(5)).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listPosition);
  await expect(heading(page)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(listPosition);
  // The same card where it was on the screen: the cards above it count at their real height, not
  // at the height a card off screen is guessed at (CI once landed 29 px off).
  expect((await card.boundingBox())!.y).toBeCloseTo(cardTop, 0);
});

test('a new page starts at the top even when the link sits at the bottom of the last one', async ({ page }) => {
  await skipEntryWarning(page);
  await page.goto('/');
  await expect(heading(page)).toBeVisible();
  const faq = page.locator('footer').getByRole('link', { name: 'FAQ' });
  await faq.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await faq.click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(heading(page)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('while a deep-linked page and its data load, nothing below it jumps into view and away', async ({ page }) => {
  await skipEntryWarning(page);
  await signupThroughApi(page.request, newEmail('perf-web-cls'));
  // A slow phone network, as Lighthouse simulates it: the page's chunk and the search answer arrive late.
  await page.route(/\/assets\/members-page-[^/]+\.js$|\/api\/search\.php/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto('/members?all=1');
  // The disclaimers and footer wait below the fold instead of showing under an empty page.
  const disclaimers = page.locator('section.disclaimers');
  await expect(disclaimers).toBeAttached();
  await expect(page.locator('#search-results .profile-card')).toHaveCount(0);
  expect((await disclaimers.boundingBox())!.y).toBeGreaterThanOrEqual(812);
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  // The new member's activation reminder arrives in the same paint as the page, not above it later.
  await expect(page.locator('#activation-reminder')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.05);
});

test("a worker loads the browser's number and date tables before the page formats, then ends itself (decision 075)", async ({ page }) => {
  const ended = new Promise<string>((resolve) => page.on('worker', (worker) => worker.on('close', () => resolve(worker.url()))));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  await page.goto('/');
  // Same-origin, so the site's Content-Security-Policy lets it run; it closes itself once it has answered.
  expect(new URL(await ended).pathname).toMatch(/\/icu-warmup\.worker[-.]/);
  await expect(heading(page)).toBeVisible();
  expect(refused).toEqual([]);
});
