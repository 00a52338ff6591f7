import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe';
import { newEmail, signupThroughApi, skipEntryWarning } from '../support/members';
import { loginAsDemoAdmin } from '../support/staff';

/**
 * Promo tiles and partner redirects on a phone (issue 31, decision 051). The operator turns the
 * live-cam tile on in the site's settings screen; a member then finds it among the search results,
 * labelled "Advertisement" and opening the partner in a new tab as a sponsored link. A visitor who
 * may not sign up (a country the site does not serve; signups closed to visitors without a traffic
 * source) is told where they will be taken, with a countdown, a button to go now and one to stay,
 * and only then taken there with the visit's tracking (never the e-mail address). Everything is put
 * back afterwards for the other scenarios.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
// Two browsers each, a back-office login and a countdown that runs out.
test.describe.configure({ timeout: 120_000 });

const PARTNER = 'https://partner.example/join?campaign=7';
const TILE_IMAGE = 'https://cdn.cams.example/tile.png';

let restore: ((api: APIRequestContext) => Promise<void>)[] = [];
let adminApi: APIRequestContext | null = null;

test.afterEach(async () => {
  for (const undo of restore) await undo(adminApi!);
  restore = [];
});

const noSidewaysScrolling = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The partner's hosts answer inside the browser: no test reaches the network. */
async function fakePartnerHosts(page: Page) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .png()
    .toBuffer();
  await page.context().route('https://cdn.cams.example/**', (route) => route.fulfill({ contentType: 'image/png', body: png }));
  await page
    .context()
    .route('https://partner.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Partner site</h1>' }),
    );
}

/** Stops the page's (installed) clock about a second on (a busy machine may take longer: then once more). */
async function pauseClock(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

async function adminOf(page: Page) {
  await loginAsDemoAdmin(page);
  adminApi = page.request;
  const sites = (await (await page.request.get('/admin/api/sites')).json()) as { sites: { id: number; domain: string }[] };
  return sites.sites.find((site) => site.domain === 'localhost')!.id;
}

test('the operator turns the live-cam tile on; a member sees it among the search results, labelled as an advertisement', async ({
  page,
  browser,
}) => {
  const siteId = await adminOf(page);
  restore.push(async (api) => {
    const response = await api.put(`/admin/api/sites/${siteId}/promo-tiles/live_cam`, {
      data: { enabled: false, target_url: '', image_url: '', countries: [] },
    });
    expect(response.status(), await response.text()).toBe(200);
  });
  await page.goto(`/admin/sites/${siteId}`);
  await page.getByRole('button', { name: 'Show promo tiles and partner redirects' }).click();
  const form = page.getByRole('form', { name: 'Live-cam tile' });
  await form.getByRole('switch', { name: 'Shown on the site' }).check();
  await form.getByLabel('Link (https)').fill('http://cams.example/?aff=7');
  await form.getByLabel('Image address (https)').fill(TILE_IMAGE);
  await form.getByRole('button', { name: 'Save Live-cam tile' }).click();
  await expect(form.getByLabel('Link (https)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Use an https address');
  await form.getByLabel('Link (https)').fill('https://cams.example/?aff=7');
  await form.getByRole('button', { name: 'Save Live-cam tile' }).click();
  await expect(form.getByRole('status')).toHaveText('Live-cam tile saved.');

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const member = await context.newPage();
  await fakePartnerHosts(member);
  await skipEntryWarning(member);
  await signupThroughApi(member.request, newEmail('promo-tile'));
  await member.goto('/members');
  // A busy machine may take a while for the first search.
  await expect(member.locator('#search-results .profile-card').first()).toBeVisible({ timeout: 30_000 });
  const tile = member.locator('#search-results #promo-tile-live_cam');
  await tile.scrollIntoViewIfNeeded();
  await expect(tile).toBeVisible();
  await expect(tile).toContainText('Advertisement');
  await expect(tile).toHaveAttribute('target', '_blank');
  await expect(tile).toHaveAttribute('rel', 'noopener sponsored');
  const href = new URL((await tile.getAttribute('href'))!);
  expect(Object.fromEntries(href.searchParams)).toEqual({
    aff: '7',
    utm_source: 'localhost',
    utm_medium: 'promo_tile',
    utm_campaign: 'live_cam',
  });
  await expect(tile.getByRole('img')).toHaveAttribute('alt', 'Live cam models online now, on a partner site');
  await expect.poll(() => tile.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(member, { label: '/members with a promo tile' });
  expect(await noSidewaysScrolling(member), 'no sideways scrolling at 375 px').toBe(true);
  await member.screenshot({ path: test.info().outputPath('promo-tile.png'), fullPage: true });
  await context.close();
});

test('a visitor who may not sign up is told where they will be taken, can stay, or is taken there with the tracking', async ({
  page,
  browser,
}) => {
  const siteId = await adminOf(page);
  const set = await page.request.put(`/admin/api/sites/${siteId}/partner-redirects/*`, { data: { target_url: PARTNER } });
  expect(set.status(), await set.text()).toBe(200);
  restore.push(async (api) => {
    expect((await api.delete(`/admin/api/sites/${siteId}/partner-redirects/*`)).status()).toBe(200);
  });

  // Germany is not one of the English site's countries (the browser's language tells the country here).
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const visitor = await context.newPage();
  await fakePartnerHosts(visitor);
  await skipEntryWarning(visitor);
  // The page's clock: paused while the notice is checked, so a slow check never races the countdown.
  await visitor.clock.install();
  await visitor.goto('/signup?network=n1&sub1=s1&email=eva%40example.com');
  const notice = visitor.locator('#partner-redirect');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await pauseClock(visitor);
  await expect(notice).toContainText('does not serve your country');
  await expect(notice).toContainText('partner.example');
  await expect(visitor.locator('#partner-redirect-countdown')).toHaveText(/Taking you to partner\.example in [1-5]\ss/);
  await expect(visitor.getByRole('link', { name: 'Go to partner.example now' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Stay on / })).toBeVisible();
  expect(await noSidewaysScrolling(visitor), 'no sideways scrolling at 375 px').toBe(true);
  await visitor.screenshot({ path: test.info().outputPath('partner-notice.png'), fullPage: true });
  // Still here while the countdown runs; then the partner, with the visit's tracking and without the address.
  await visitor.clock.runFor(1_000);
  await expect(visitor.locator('#partner-redirect-countdown')).toHaveText(/in [1-4]\ss/);
  expect(new URL(visitor.url()).host).not.toBe('partner.example');
  await visitor.clock.resume();
  await visitor.waitForURL(/^https:\/\/partner\.example\//, { timeout: 15_000 });
  expect(Object.fromEntries(new URL(visitor.url()).searchParams)).toEqual({ campaign: '7', network: 'n1', sub1: 's1' });
  await context.close();

  // Signups closed to visitors without a traffic source: the notice sits above the refusal, and staying keeps the visitor here.
  const before = (await (await page.request.get(`/admin/api/sites/${siteId}`)).json()) as { settings: { signups: string } };
  restore.push(async (api) => {
    expect((await api.patch(`/admin/api/sites/${siteId}`, { data: { signups: before.settings.signups } })).status()).toBe(200);
  });
  expect((await page.request.patch(`/admin/api/sites/${siteId}`, { data: { signups: 'with_trafficsource' } })).status()).toBe(200);
  const closedContext = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const closed = await closedContext.newPage();
  await fakePartnerHosts(closed);
  await skipEntryWarning(closed);
  await closed.clock.install();
  await closed.goto('/signup');
  await expect(closed.locator('#partner-redirect')).toContainText('New members cannot sign up on Cupido through this link', {
    timeout: 20_000,
  });
  await pauseClock(closed);
  await expect(closed.locator('#signup-invite-only')).toBeVisible();
  await closed.getByRole('button', { name: 'Stay on Cupido' }).click();
  await expect(closed.locator('#partner-redirect')).toHaveCount(0);
  await closed.clock.runFor(10_000);
  expect(new URL(closed.url()).pathname).toBe('/signup');
  await expect(closed.locator('#signup-invite-only')).toBeVisible();
  await closedContext.close();
});
