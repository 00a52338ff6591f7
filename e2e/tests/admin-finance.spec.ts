/**
 * Issue 14, finance in the back office at 375 px: a member buys p1 with iDEAL in the sandbox; the
 * admin finds the payment, refunds part of it through the form (the sandbox takes the refund),
 * sees the history, the revenue table, the member page's payments and the site editor's payment
 * settings; axe on each screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newEmail, signupOnSite, siteOrigin, skipEntryWarning } from '../support/members';
import { loginAsDemoAdmin } from '../support/staff';

test.use({ viewport: { width: 375, height: 812 } });
const NL = siteOrigin('nl.localhost');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('finance refunds part of a sandbox payment and reads revenue; the member page shows the payment', async ({ page }) => {
  test.setTimeout(120_000);
  await skipEntryWarning(page);
  const email = newEmail('finance');
  await signupOnSite(page, 'nl.localhost', email, 'Femke');
  await page.goto(`${NL}/credits/p1`);
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await page.getByRole('checkbox', { name: /^Ik ga ermee akkoord dat de levering direct begint/ }).check();
  await page.getByRole('button', { name: /^Betaal €\s19,95$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  await page.locator('button[value="paid"]').click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const paymentId = Number(/\/transactions\/(\d+)$/.exec(page.url())![1]);
  await expect(page.locator('#transaction-paid')).toBeVisible();

  await loginAsDemoAdmin(page);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments, newest first' });
  await expect(table.getByRole('link', { name: `Payment ${paymentId}` })).toBeVisible();
  await expect(table).toContainText(email);
  await expectNoAxeViolations(page, { label: '/admin/payments' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  await table.getByRole('link', { name: `Payment ${paymentId}` }).click();
  await expect(page.getByRole('heading', { name: `Payment ${paymentId}` })).toBeVisible();
  await expectNoAxeViolations(page, { label: '/admin/payments/:id' });
  await page.getByLabel('Amount in EUR').fill('5');
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Give a reason.')).toBeVisible();
  await expectNoAxeViolations(page, { label: '/admin/payments/:id with an error' });
  await page.getByLabel('Reason').fill('goodwill after a complaint');
  await page.getByLabel('I confirm the refund of €5.00 to the member.').check();
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status')).toContainText('Refunded €5.00');
  const history = page.getByRole('table', { name: 'Refunds and chargebacks' });
  await expect(history).toContainText('goodwill after a complaint');
  await expect(history).toContainText('sbxr_');
  // What is left to refund: the €19.95 paid (no welcome discount before the e-mail is confirmed) minus €5.
  await expect(page.getByLabel('Amount in EUR')).toHaveValue('14.95');
  await expectNoAxeViolations(page, { label: '/admin/payments/:id after a refund' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  const memberLink = page.getByRole('link', { name: email });
  await memberLink.click();
  const section = page.getByRole('region', { name: 'Payments and purchase blocks' });
  await expect(section.getByRole('link', { name: `Payment ${paymentId}` })).toBeVisible();
  await expect(section).toContainText('No purchases blocked.');
  await expectNoAxeViolations(page, { label: '/admin/members/:id' });

  await page.goto('/admin/revenue');
  await expect(page.getByRole('table', { name: 'Totals of the period' })).toContainText('EUR');
  await expectNoAxeViolations(page, { label: '/admin/revenue' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.goto('/admin/sites');
  await page.getByRole('link', { name: /^Edit Amora/ }).click();
  await expect(page.getByLabel('Price p1 (smallest unit)')).toHaveValue('1995');
  await expect(page.getByRole('radio', { name: 'p1 is the popular package' })).toBeChecked();
  await expectNoAxeViolations(page, { label: '/admin/sites/:id with payments' });
});
