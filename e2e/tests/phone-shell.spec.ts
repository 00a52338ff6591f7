import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

/**
 * The phone screen belongs to the member (issue 29), at 375 px: the main places as a bottom tab
 * bar with their badges, one compact disclosure line (expandable, its icon an SVG that ships with
 * the app), no bar over a package or the swipe buttons (the swipe card and its buttons fit a
 * 375x667 screen), and a payment's return page that starts at the top.
 */
test.use({ viewport: { width: 375, height: 812 } });

async function member(browser: Browser, label: string, name: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await skipEntryWarning(page);
  const email = newEmail(label);
  const id = await signupThroughApi(page.request, email, name);
  await activateThroughMail(page.request, email);
  return { context, page, id };
}

/** Whether what the user would touch at the element's centre is the element (or inside it), not a bar over it. */
async function reachable(page: Page, locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return page.evaluate(
    ({ x, y, id }) => {
      const target = document.getElementById(id)!;
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === target || target.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, id: (await locator.getAttribute('id'))! },
  );
}

test('the main places are a bottom tab bar with the badges; the disclosure is one compact line that opens', async ({ browser }) => {
  const rosa = await member(browser, 'shell-a', 'Rosa');
  const bram = await member(browser, 'shell-b', 'Bram');
  // Rosa likes Bram and writes to him: Bram has a new like and an unread message.
  expect((await rosa.page.request.post('/api/like.php', { data: { profile_id: bram.id, source: 'profile' } })).ok()).toBe(true);
  const sent = await rosa.page.request.post('/api/message.php', {
    data: { profile_id: bram.id, client_id: randomUUID(), text: 'Hi Bram!' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  const page = bram.page;
  await page.goto('/members');
  const bar = page.getByRole('navigation', { name: 'Main places' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveCount(5);
  await expect(page.locator('#tab-members')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#tab-likes .badge')).toHaveText('1');
  await expect(page.locator('#tab-chats .badge')).toHaveText('1');
  // At the bottom of the screen, and nothing of the page hidden behind it.
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(812, 0);
  for (const link of await bar.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // One compact disclosure line with the app's own icon, opened to the full texts.
  const disclosure = page.locator('#warnings-disclosure');
  const summary = disclosure.locator('summary');
  expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(48);
  await expect(summary.locator('svg')).toHaveCount(1);
  expect(await disclosure.textContent()).not.toContain('🎭');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(disclosure).toHaveAttribute('open', '');
  await expect(disclosure).toContainText(/fictional/i);
  // The Messages tab opens the chats (their own full-screen layout on a phone, with the way back).
  await page.locator('#tab-chats').click();
  await expect(page).toHaveURL(/\/chats/);
  await rosa.context.close();
  await bram.context.close();
});

test('no bar covers a package or the swipe buttons; the swipe card fits a 375x667 screen', async ({ browser }) => {
  const { context, page } = await member(browser, 'shell-c', 'Cleo');
  await page.goto('/credits');
  await expect(page.locator('#package-p3-buy')).toBeVisible();
  // The welcome offer leads here: its bar is not shown on the shop.
  await expect(page.locator('#time-bonus-banner')).toHaveCount(0);
  for (const id of ['p0', 'p1', 'p2', 'p3']) expect(await reachable(page, page.locator(`#package-${id}-buy`)), `package ${id}`).toBe(true);

  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/swipe-game');
  const card = page.locator('.swipe-card--current');
  await expect(card).toBeVisible();
  for (const button of [page.locator('#swipe-pass'), page.locator('#swipe-like')]) {
    const box = (await button.boundingBox())!;
    expect(box.y + box.height, 'the button is on the first screen').toBeLessThanOrEqual(667);
    expect(await reachable(page, button)).toBe(true);
  }
  const name = card.locator('h2').first();
  const nameBox = (await name.boundingBox())!;
  expect(nameBox.y + nameBox.height, "the card's name is on the first screen").toBeLessThanOrEqual(667);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});

test("the payment provider's return opens its page at the top", async ({ page }) => {
  await skipEntryWarning(page);
  const email = newEmail('shell-return');
  await signupThroughApi(page.request, email, 'Dora');
  await activateThroughMail(page.request, email);
  // A long page scrolled far down first: its position must not come back on a freshly opened page.
  await page.goto('/members');
  await expect(page.locator('#search-results')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  await page.goto('/credits/p0/creditcard');
  await page.getByRole('checkbox', { name: /^I agree that delivery starts at once/ }).check();
  await page.locator('#checkout-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  await page.locator('button[value="paid"]').click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Give a late restore its chance, then the page is still at its top.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
