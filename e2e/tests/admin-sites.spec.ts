/**
 * Issue 13: an admin changes a site setting in the back office and the member-facing site shows
 * it on the next page load, without a restart of the server. The Dutch demo site (nl.localhost,
 * which Chromium resolves to this machine) is edited, and put back afterwards for the other scenarios.
 */
import { expectNoAxeViolations } from '../support/axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { loginAsDemoAdmin } from '../support/staff';

const memberSite = `http://nl.localhost:${E2E_PORT}`;
const entryWarning = (page: Page) => page.locator('#site-entry-warning');

let restore: { api: APIRequestContext; siteId: number; body: Record<string, unknown> } | null = null;

test.afterEach(async () => {
  if (!restore) return;
  const response = await restore.api.patch(`/admin/api/sites/${restore.siteId}`, { data: restore.body });
  expect(response.status(), await response.text()).toBe(200);
  restore = null;
});

test('an admin changes the logo text and the fictional icon; the site shows them without a restart', async ({ page, browser }) => {
  // A visitor on the member-facing site, before the change.
  const visitorContext = await browser.newContext({ locale: 'nl-NL' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${memberSite}/`);
  await expect(entryWarning(visitor)).toBeVisible();
  await expect(entryWarning(visitor).locator('svg').first()).toBeVisible();
  await expect(visitor.getByRole('navigation').first()).toContainText('Amora');

  await loginAsDemoAdmin(page);
  await page.getByRole('link', { name: 'Sites' }).click();
  await page.getByRole('link', { name: 'Edit Amora' }).click();
  await expect(page.getByRole('heading', { name: 'Site: Amora' })).toBeVisible();

  const siteId = Number(new URL(page.url()).pathname.split('/').pop());
  const before = (await (await page.request.get(`/admin/api/sites/${siteId}`)).json()) as {
    settings: { logo_text: string; fictional_icon: string };
  };
  restore = { api: page.request, siteId, body: { logo_text: before.settings.logo_text, fictional_icon: before.settings.fictional_icon } };

  await page.getByLabel('Logo text').fill('Amora Live');
  await page.getByLabel('Fictional profile icon').fill('💘');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The site shows the new settings now.');

  // The same visitor, the same server process: the next page load has the new settings.
  await visitor.reload();
  await expect(entryWarning(visitor)).toBeVisible();
  // The fictional mark on the page is the app's own SVG (issue 29, decision 038), never an emoji
  // that may show as a box; the site's icon is saved and served with its settings.
  await expect(entryWarning(visitor)).not.toContainText('🎭');
  const served = await visitor.evaluate(async () => (await (await fetch('/api/settings.php')).json()) as Record<string, unknown>);
  expect(JSON.stringify(served)).toContain('💘');
  await expect(visitor.getByRole('navigation').first()).toContainText('Amora Live');
  await visitorContext.close();

  // A value the contract refuses is not sent, and says why under the field.
  const age = page.getByLabel('Minimum age');
  await age.fill('16');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(age).toBeFocused();
  await expect(page.getByText('adults only: 18 or more')).toBeVisible();
});

test('the site editor is usable on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAsDemoAdmin(page);
  await page.goto('/admin/sites');
  await page.getByRole('link', { name: 'Edit Amora' }).click();
  await expect(page.getByLabel('Fictional profile icon')).toBeVisible();
  await expectNoAxeViolations(page, { label: 'site editor' });
  // Nothing wider than the screen: no sideways scrolling of the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the members desk finds the demo member and shows the member page on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAsDemoAdmin(page);
  await page.goto('/admin/members');
  await page.getByLabel('E-mail, name or id').fill('demo@cupido');
  await page.getByLabel('E-mail, name or id').press('Enter');
  const row = page.getByRole('row', { name: /demo@cupido\.example/ });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page, { label: 'members desk search' });
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: /^Member \d+: Demo$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Credits' })).toContainText('Balance:');
  await expect(page.getByRole('button', { name: 'Correct credits' })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'member page of the members desk' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
