import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newEmail, PASSWORD, skipEntryWarning, useOwnAddress } from '../support/members';
import { nthMailTo } from '../support/mailbox';

/**
 * Landers on a phone (issue 31, decision 052). Each lander of the lander layout (logo bar and
 * footer) shows its headline, members with the fictional mark on exactly the fictional ones, one
 * signup action and the terms and privacy links, with no axe violation and no sideways scrolling.
 * A visitor from a network's link to tinderswipe (the empty layout) sees the entry warning,
 * accepts ad tracking, likes and passes through the stack and signs up in the modal that follows:
 * the address of the link is already filled in, the request names the lander and the network,
 * the visit was logged for bounce counting, and the account exists (its activation mail).
 * An unknown lander is the 404 page.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const LANDER_LAYOUT = [
  'adultonly',
  'whoneedsstrings',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;

const noSidewaysScrolling = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Whether the profile is fictional, as the visitor's profile call says. */
const isFictional = (page: Page, id: number) =>
  page.evaluate(
    async (profileId) =>
      ((await (await fetch(`/api/member.php?id=${profileId}`)).json()) as { profile: { is_fictional: boolean } }).profile.is_fictional,
    id,
  );

test('the lander layout: every lander has its headline, members with their disclosure, one signup action, terms and privacy', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await skipEntryWarning(page);
  // Lighthouse's best-practices score counts console errors: a lander logs none.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  for (const name of LANDER_LAYOUT) {
    const response = await page.goto(`/landers/${name}`);
    expect(response?.status(), name).toBe(200);
    await expect(page.locator('#lander-headline'), name).toBeVisible();
    await expect(page.locator('#lander-signup'), name).toBeVisible();
    await expect(page.locator('#lander-signup')).toHaveCount(1);
    await expect(page.locator('footer a[href="/pages/terms"]'), name).toHaveCount(1);
    await expect(page.locator('footer a[href="/pages/privacy"]'), name).toHaveCount(1);
    // Members are shown (the demo site allows logged-out search); every fictional one carries the mark, no other one does.
    const cards = page.locator('#lander-members [data-profile-id]');
    await expect(cards.first(), name).toBeVisible();
    // Some landers show members beyond the search's first page (other tests add profiles): each
    // card's own profile says whether it is fictional.
    for (const card of await cards.all()) {
      const id = Number(await card.getAttribute('data-profile-id'));
      await expect(card.locator('.fictional-badge'), `${name}: profile ${id}`).toHaveCount((await isFictional(page, id)) ? 1 : 0);
    }
    expect(await cards.count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, { label: `/landers/${name}` });
    expect(await noSidewaysScrolling(page), `${name}: no sideways scrolling at 375 px`).toBe(true);
  }
  // A slug: a theme adds its line, an unknown one falls back to the plain lander.
  await page.goto('/landers/gallery/travel');
  await expect(page.locator('#lander-theme')).toHaveText('For people who love to travel');
  await page.goto('/landers/gallery/no-such-theme');
  await expect(page.locator('#lander-headline')).toHaveText('Browse the gallery');
  await expect(page.locator('#lander-theme')).toHaveCount(0);
  // The video landers: the site's own short muted loop.
  await page.goto('/landers/video');
  const video = page.locator('video#lander-video');
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('loop', true);
  expect(await video.getAttribute('src')).toMatch(/^\/assets\/.+\.mp4$/);
  await page.screenshot({ path: test.info().outputPath('landers-video.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('reduced motion: the video landers show the poster instead of the loop', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await skipEntryWarning(page);
  await page.goto('/landers/transitionsvideolanding');
  await expect(page.locator('#lander-poster')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});

test('a visitor from a network link to tinderswipe accepts tracking, swipes and signs up; the signup names the lander and the network', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('lander');
  const visit = page.waitForRequest((request) => request.url().includes('/api/page-visit.php') && request.method() === 'POST');
  await page.goto(`/landers/tinderswipe?network=n1&sub1=s1&lb=1&email=${encodeURIComponent(email)}`);
  // Bounce logging: the visit of this lander is logged (lb), and the tracking parameters leave the address bar.
  expect((await visit).postDataJSON()).toMatchObject({ path: '/landers/tinderswipe' });
  await expect(page).toHaveURL(/\/landers\/tinderswipe\?lb=1$/);

  // The entry warning first, then the ad-tracking banner (accepted).
  await expect(page.locator('#site-entry-warning')).toBeVisible();
  await expectNoAxeViolations(page, { label: '/landers/tinderswipe with the entry warning' });
  await page.locator('#site-entry-warning-enter').click();
  await page.locator('#ad-consent-accept').click();
  await expect(page.locator('#ad-consent-banner')).toHaveCount(0);

  // The empty layout: the game alone, its disclosure on a fictional card, terms and privacy below.
  await expect(page.locator('#lander-headline')).toBeVisible();
  await expect(page.locator('.lander-empty-footer a[href="/pages/terms"]')).toHaveCount(1);
  await expect(page.locator('.lander-empty-footer a[href="/pages/privacy"]')).toHaveCount(1);
  await expectNoAxeViolations(page, { label: '/landers/tinderswipe, the swipe stack' });
  expect(await noSidewaysScrolling(page)).toBe(true);
  const progress = page.locator('#lander-swipe-progress');
  const total = Number((await progress.textContent())!.match(/of (\d+)/)![1]);
  for (let card = 1; card <= total; card++) {
    await expect(progress).toHaveText(`${card} of ${total}`);
    // A member card carries the fictional mark exactly when the profile is fictional.
    const id = Number(await page.locator('#lander-swipe-card').getAttribute('data-profile-id'));
    await expect(page.locator('#lander-swipe-card .fictional-badge'), `card ${card}`).toHaveCount((await isFictional(page, id)) ? 1 : 0);
    if (card % 2) await page.locator('#lander-swipe-like').click();
    else await page.locator('#lander-swipe-pass').click();
  }

  // The stack ends in the signup modal, the link's address already in it.
  const modal = page.locator('#signup-modal');
  await expect(modal).toBeVisible();
  await expect(page.locator('#signup-email')).toHaveValue(email);
  await expectNoAxeViolations(page, { include: '#signup-modal', label: 'the signup modal on tinderswipe' });
  await page.locator('label[for="signup-gender-female"]').click();
  await page.locator('label[for="signup-looking-for-male"]').click();
  await page.locator('#signup-name').fill('Lena');
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-date-of-birth-day').selectOption('15');
  await page.locator('#signup-date-of-birth-month').selectOption('05');
  await page.locator('#signup-date-of-birth-year').selectOption('1990');
  await page.locator('label.consent-check-label[for="signup-consent-terms"]').tap({ position: { x: 4, y: 12 } });
  await expect(page.locator('#signup-consent-terms')).toBeChecked();
  const signup = page.waitForRequest((request) => request.url().includes('/api/signup.php') && request.method() === 'POST');
  await useOwnAddress(page);
  await page.locator('#signup-submit').click();
  expect((await signup).postDataJSON()).toMatchObject({
    email,
    landing_page: '/landers/tinderswipe',
    tracking: { network: 'n1', sub1: 's1', email },
    consent_ad_tracking: true,
  });
  await expect(page).toHaveURL(/\/members/);
  // The server stored the account: its activation mail went out.
  const mail = await nthMailTo(email, 1);
  expect(mail.links.some((link) => link.includes('/api/activate.php'))).toBe(true);
});

test('an unknown lander, or a slug on tinderswipe, is the 404 page', async ({ page }) => {
  await skipEntryWarning(page);
  for (const path of ['/landers/nosuchlander', '/landers/tinderswipe/romance']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await expect(page.locator('#lander-signup')).toHaveCount(0);
  }
  await expectNoAxeViolations(page, { label: 'an unknown lander' });
});
