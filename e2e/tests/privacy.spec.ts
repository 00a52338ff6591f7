import fs from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { PASSWORD, newEmail, useOwnAddress } from '../support/members';

/**
 * Personal data on a phone (decision 024): the ad-tracking consent banner, what Accept and Reject
 * do with the landing page's tracking parameters, withdrawing in the settings, and "Download my
 * data".
 */
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

let addresses = 0;

/** A visitor who passed the entry warning before but never answered the banner; signups from their own address. */
async function returningVisitor(context: BrowserContext) {
  addresses++;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.88.${Date.now() % 250}.${addresses}` });
  await context.addInitScript(() => window.localStorage.setItem('site-entry-warning-dismissed', new Date().toISOString()));
}

/** The banner (the settings' section of the same name is a region too, hence the id). */
const banner = (page: Page) => page.locator('#ad-consent-banner');

/** Signs up from the home page (on a phone, its signup page); answers the JSON the browser sent to signup.php. */
async function signUpFromHome(page: Page, email: string, name: string): Promise<Record<string, unknown>> {
  await page.goto('/');
  await page.locator('#home-signup').click();
  // Who you are and whom you look for: native radios drawn as buttons, chosen by their labels.
  await page.locator('label[for="signup-gender-female"]').click();
  await page.locator('label[for="signup-looking-for-male"]').click();
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-date-of-birth-day').selectOption('15');
  await page.locator('#signup-date-of-birth-month').selectOption('05');
  await page.locator('#signup-date-of-birth-year').selectOption('1990');
  await page.locator('#signup-consent-terms').check();
  await useOwnAddress(page);
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/signup.php'),
    page.locator('#signup-submit').click(),
  ]);
  await expect(page).toHaveURL(/\/members/);
  return request.postDataJSON() as Record<string, unknown>;
}

/** Settings -> Download my data; answers the saved file's name and parsed contents. */
async function downloadMyData(page: Page): Promise<{
  name: string;
  data: {
    account: { tracking: Record<string, string> };
    profile: { name: string };
    consents: { kind: string; revoked_at: string | null }[];
  };
}> {
  await page.goto('/notifications');
  const button = page.getByRole('button', { name: 'Download my data' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await expect(page.locator('#download-my-data-done')).toHaveText('Your file is ready and has been downloaded.');
  return { name: download.suggestedFilename(), data: JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) };
}

test('the banner asks with Accept and Reject alike; Reject keeps the parameters for this visit only', async ({ context, page }) => {
  await returningVisitor(context);
  await page.goto('/?network=adnet&sub1=spring');
  await expect(page.getByRole('region', { name: 'Ad tracking' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // the parameters left the address bar
  const accept = page.getByRole('button', { name: 'Accept' });
  const reject = page.getByRole('button', { name: 'Reject' });
  const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
  // Equally prominent: the same size, side by side, both on the phone's screen.
  expect(Math.abs(acceptBox!.width - rejectBox!.width)).toBeLessThan(1);
  expect(acceptBox!.height).toBe(rejectBox!.height);
  expect(acceptBox!.y).toBe(rejectBox!.y);
  expect(rejectBox!.x + rejectBox!.width).toBeLessThanOrEqual(375);
  await expect(accept).toHaveCSS('background-color', await reject.evaluate((el) => getComputedStyle(el).backgroundColor));
  await expectNoAxeViolations(page, { include: '#ad-consent-banner', label: 'ad-tracking banner' });

  // Reachable with the keyboard: the banner ends the tab order, so Shift+Tab from the top gets there at once.
  await page.keyboard.press('Shift+Tab');
  await expect(reject).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(reject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);
  // Changing one's mind is as easy: the footer reopens the banner.
  await page.getByRole('button', { name: 'Ad tracking choices' }).click();
  await expect(banner(page)).toBeVisible();
  await reject.click();
  await expect(banner(page)).toHaveCount(0);
  await page.close();

  // The next visit (a new tab): no banner, and the parameters are gone: signup sends none.
  const next = await context.newPage();
  const body = await signUpFromHome(next, newEmail('rejected'), 'Rejecta');
  expect(body.tracking).toBeUndefined();
  expect(body.consent_ad_tracking).toBeUndefined();
  await expect(banner(next)).toHaveCount(0);
  const { data } = await downloadMyData(next);
  expect(data.account.tracking).toEqual({});
});

test('Accept keeps the parameters across visits and signup stores them; withdrawn in the settings; the download holds the profile', async ({
  context,
  page,
}) => {
  await returningVisitor(context);
  await page.goto('/pages/faq?network=adnet&sub1=summer');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.close();

  const next = await context.newPage();
  const body = await signUpFromHome(next, newEmail('accepted'), 'Acceptia');
  expect(body.tracking).toEqual({ network: 'adnet', sub1: 'summer' });
  expect(body.consent_ad_tracking).toBe(true);
  await expect(banner(next)).toHaveCount(0);

  const first = await downloadMyData(next);
  expect(first.name).toMatch(/^[a-z0-9-]+-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  expect(first.data.profile.name).toBe('Acceptia');
  expect(first.data.account.tracking).toEqual({ network: 'adnet', sub1: 'summer' });
  expect(first.data.consents.find((c) => c.kind === 'ad_tracking')?.revoked_at).toBeNull();

  // Withdraw: the switch goes off, the server deletes what it kept, and so does the browser.
  const toggle = next.getByRole('switch', { name: 'Remember which advertisement brought me here' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(next.locator('#ad-tracking-consent-saved')).toHaveText('Your choice has been saved.');
  await expect(toggle).not.toBeChecked();
  expect(await next.evaluate(() => window.localStorage.getItem('tracking'))).toBeNull();
  const after = await downloadMyData(next);
  expect(after.data.account.tracking).toEqual({});
  expect(after.data.consents.find((c) => c.kind === 'ad_tracking')?.revoked_at).not.toBeNull();
  await next.reload();
  await expect(next.getByRole('switch', { name: 'Remember which advertisement brought me here' })).not.toBeChecked();
  await expect(banner(next)).toHaveCount(0);
});
