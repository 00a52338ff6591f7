/**
 * Issue 31's whole front door on a phone (375 px, axe): an operator sets up a network whose
 * postback goes to a local HTTP double (a demo server accepts http://127.0.0.1:<port>); a visitor
 * from `/landers/tinderswipe?network=<n>&sub1=s1&lb=1` accepts ad tracking, signs up, activates
 * and buys. The double hears signup, activation and purchase exactly once each, and the traffic
 * figures show one visit, one signup, one activation and one buyer for that network and sub.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { linkIn, nthMailTo } from '../support/mailbox';
import { newEmail, PASSWORD, useOwnAddress } from '../support/members';
import { loginAsDemoAdmin } from '../support/staff';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.setTimeout(180_000);

let double: http.Server;
const received: URL[] = [];
test.beforeAll(async () => {
  double = http.createServer((request, response) => {
    received.push(new URL(request.url ?? '/', 'http://double'));
    response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
  await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => double.close(() => resolve())));

const today = () => new Date().toISOString().slice(0, 10);

test('a visitor from a network lander signs up, activates and buys: the network hears each once, the figures count each once', async ({
  browser,
}) => {
  const { port } = double.address() as AddressInfo;
  const network = `n1-${Date.now()}`;

  // The operator's side: the network and its postback template.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const admin = await adminContext.newPage();
  await loginAsDemoAdmin(admin);
  const created = await admin.request.post('/admin/api/postback-networks', {
    data: {
      site_id: 1,
      network,
      url_template: `http://127.0.0.1:${port}/pb?e={event}&s={sub1}&a={amount}&c={currency}&n={network}`,
      enabled: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The visitor's side, on a phone.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const email = newEmail('funnel');
  const visit = page.waitForRequest((request) => request.url().includes('/api/page-visit.php') && request.method() === 'POST');
  await page.goto(`/landers/tinderswipe?network=${network}&sub1=s1&lb=1`);
  await visit;
  await expect(page.locator('#site-entry-warning')).toBeVisible();
  await page.locator('#site-entry-warning-enter').click();
  // Accepting ad tracking gives the visit, logged a moment ago, its network and sub.
  const source = page.waitForRequest((request) => request.url().includes('/api/page-source.php') && request.method() === 'POST');
  await page.locator('#ad-consent-accept').click();
  expect((await source).postDataJSON()).toEqual({ tracking: { network, sub1: 's1' } });
  await expectNoAxeViolations(page, { label: 'funnel: the tinderswipe lander' });

  const progress = page.locator('#lander-swipe-progress');
  const total = Number((await progress.textContent())!.match(/of (\d+)/)![1]);
  for (let card = 1; card <= total; card++) {
    await expect(progress).toHaveText(`${card} of ${total}`);
    await page.locator(card % 2 ? '#lander-swipe-like' : '#lander-swipe-pass').click();
  }
  await expect(page.locator('#signup-modal')).toBeVisible();
  await page.locator('#signup-email').fill(email);
  await page.locator('label[for="signup-gender-female"]').click();
  await page.locator('label[for="signup-looking-for-male"]').click();
  await page.locator('#signup-name').fill('Lena');
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-date-of-birth-day').selectOption('15');
  await page.locator('#signup-date-of-birth-month').selectOption('05');
  await page.locator('#signup-date-of-birth-year').selectOption('1990');
  await page.locator('label.consent-check-label[for="signup-consent-terms"]').tap({ position: { x: 4, y: 12 } });
  await expect(page.locator('#signup-consent-terms')).toBeChecked();
  await useOwnAddress(page);
  await page.locator('#signup-submit').click();
  await expect(page).toHaveURL(/\/members/);

  // Activation through the mailed link, in the visitor's browser.
  await page.goto(linkIn(await nthMailTo(email, 1), '/api/activate.php'));
  await expect(page).toHaveURL(/\/activate\/done/);

  // A purchase in the sandbox's test checkout.
  await page.goto('/credits/p0/creditcard');
  await page.getByRole('checkbox', { name: /^I agree that delivery starts at once/ }).check();
  await page.getByRole('button', { name: /^Pay \S+$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  await page.locator('button[value="paid"]').click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expectNoAxeViolations(page, { label: 'funnel: the payment result' });

  // The network heard each event once (the job queue sends them).
  const ours = () => received.filter((url) => url.searchParams.get('n') === network);
  await expect
    .poll(
      () =>
        ours()
          .map((url) => url.searchParams.get('e'))
          .sort(),
      { timeout: 60_000 },
    )
    .toEqual(['activation', 'purchase', 'signup']);
  for (const url of ours()) expect(url.searchParams.get('s')).toBe('s1');
  const purchase = ours().find((url) => url.searchParams.get('e') === 'purchase')!;
  expect(purchase.searchParams.get('a')).toMatch(/^\d+\.\d\d$/);
  expect(purchase.searchParams.get('c')).toMatch(/^[A-Z]{3}$/);

  // The traffic figures for that network, by sub: one of each.
  const figures = await admin.request.get(`/admin/api/traffic?site_id=1&from=${today()}&to=${today()}&group_by=sub1&network=${network}`);
  expect(figures.ok(), await figures.text()).toBe(true);
  const rows = ((await figures.json()) as { rows: { key: string; visits: number; signups: number; activations: number; buyers: number }[] })
    .rows;
  expect(rows).toEqual([expect.objectContaining({ key: 's1', visits: 1, signups: 1, activations: 1, buyers: 1 })]);

  await context.close();
  await adminContext.close();
});
