/**
 * Issue 13: the dashboard, the audit log and the fictional profiles in the browser, at 375 px:
 * an admin sees the figures as cards, charts and a sortable table, finds their own actions in the
 * audit log and its CSV, and creates a fictional profile with a photo (badge shown, photo main).
 */
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { loginAsDemoAdmin } from '../support/staff';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the dashboard and the audit log on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAsDemoAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Photos waiting for review' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Members per day from/ })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'dashboard' });
  const table = page.getByRole('table', { name: /Figures per day/ });
  await expect(table.getByRole('row')).toHaveCount(1 + 30 + 1);
  await table.getByRole('button', { name: 'Day' }).click();
  await expect(table.getByRole('columnheader', { name: /Day/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Amora (nl.localhost)' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/site_id=\d+/);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'audit log' });
  await page.getByLabel('Item type').fill('profile');
  await page.getByLabel('Item type').press('Enter');
  await expect(page).toHaveURL(/item_type=profile/);
  const csvLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(csvLink).toHaveAttribute('href', '/admin/api/audit.csv?item_type=profile');
  const csv = await page.request.get('/admin/api/audit.csv?item_type=profile');
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="audit-log-/);
  expect((await csv.text()).split('\r\n')[0]).toBe('id,created_at,staff_id,action,item_type,item_id,site_id,before,after');
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
});

test('an admin creates a fictional profile with a photo on a phone-sized screen, and the audit log shows it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAsDemoAdmin(page);
  await page.goto('/admin/fictional');
  await expect(page.getByRole('table', { name: /Fictional profiles of/ })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'fictional profiles list' });
  await page.getByRole('link', { name: 'New fictional profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New fictional profileFictional');

  const name = `Lena ${Date.now() % 100000}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Sexuality').selectOption('hetero');
  await page.getByLabel('Date of birth').fill('1994-07-12');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('City').fill('Bristol');
  await page.getByLabel('About', { exact: true }).fill('Sea swimming and old maps.');
  await page.getByLabel('Travelling').check();
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fictional profile: ${name}Fictional`);
  await expect(page).toHaveURL(/\/admin\/fictional\/\d+$/);

  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Photo file').setInputFiles({ name: 'lena.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByRole('img', { name: `Photo 1 of ${name}` })).toBeVisible();
  await expect(page.getByText('Main photo')).toBeVisible();
  await expectNoAxeViolations(page, { label: 'fictional profile editor' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  const profileId = new URL(page.url()).pathname.split('/').pop()!;
  await page.goto(`/admin/audit?item_type=profile&item_id=${profileId}`);
  await expect(page.getByRole('cell', { name: 'fictional_profile.photo_add' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'fictional_profile.create' })).toBeVisible();
});
