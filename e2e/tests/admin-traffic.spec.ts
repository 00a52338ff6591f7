/**
 * Issue 31: the traffic figures in the back office at 375 px. A lander visit logged with its
 * tracking (as bounce logging sends it) shows as one visit of its network; grouping and filters
 * go to the address and the CSV link; the screen is axe-clean and does not scroll sideways.
 */
import { expectNoAxeViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { loginAsDemoAdmin } from '../support/staff';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the traffic figures on a phone-sized screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const network = `e2e-net-${Date.now() % 100000}`;
  await page.goto('/');
  const logged = await page.evaluate(
    async (net) =>
      (
        await fetch('/api/page-visit.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: '/landers/tinderswipe', tracking: { network: net, sub1: 's1' } }),
        })
      ).status,
    network,
  );
  expect(logged).toBe(200);

  await loginAsDemoAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Traffic' }).click();
  await expect(page.getByRole('heading', { name: 'Traffic' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Figures by day/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Visits and bounces per day from/ })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'traffic figures' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.getByLabel('Group by').selectOption({ label: 'Sub ID' });
  await page.getByLabel('Network').fill(network);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`group_by=sub1&network=${network}`));
  const table = page.getByRole('table', { name: /Figures by sub id/ });
  await expect(table.getByRole('row').nth(1)).toHaveText(/^s1\s*1\s*0\s*0\s*0\s*0/);
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', new RegExp(`/admin/api/traffic\\.csv\\?.*group_by=sub1&network=${network}`));
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="traffic-sub1-/);
  expect((await csv.text()).split('\r\n').slice(0, 2)).toEqual(['sub1,visits,bounces,signups,activations,buyers', 's1,1,0,0,0,0']);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
});
