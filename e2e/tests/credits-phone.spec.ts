import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

/** The settings' credit history (issue 10, decision 017) on a 375 px phone. */
test.use({ viewport: { width: 375, height: 812 } });

test('an activated member sees the signup credits in the credit history, readable and without sideways scrolling', async ({ page }) => {
  await skipEntryWarning(page);
  const email = newEmail('credits');
  await signupThroughApi(page.request, email, 'Cleo');
  await activateThroughMail(page.request, email);
  await page.goto('/notifications');

  const section = page.locator('#credit-history');
  await expect(section.getByRole('heading', { name: 'Credit history' })).toBeVisible();
  // The demo site grants 20 signup credits on activation: one entry, balance 20.
  await expect(section.locator('#credit-balance')).toHaveText('Your credits: 20');
  const table = section.getByRole('table', { name: 'Every change of your credits, newest first' });
  const cells = table.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(1)).toHaveText('Signup credits');
  await expect(cells.nth(2)).toHaveText('+20');
  await expect(cells.nth(3)).toHaveText('20');
  await expect(section.locator('#credit-history-more')).toHaveCount(0);

  // Every column fits the phone's width: the table neither overflows its section nor the page.
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    table: document.querySelector('#credit-history-table')!.getBoundingClientRect().right,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.table).toBeLessThanOrEqual(widths.viewport);
  await expectNoAxeViolations(page, { include: '#credit-history', label: 'the credit history' });
});
