import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

/**
 * Every screen that exists (packages/shared/src/rules/routes.ts SERVED_ROUTE_NAMES), on a phone and on
 * a desktop, has no axe violation (WCAG 2.0/2.1 A and AA, best practices); focus is visible.
 */
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

/** Screens a visitor reaches; those with a token show their 'invalid or expired link' state. */
const VISITOR_SCREENS = [
  '/login',
  '/signup',
  '/reset-password',
  '/reset-password/do?token=not-a-real-token',
  '/mail-change/do?token=not-a-real-token',
  '/activate/error',
  '/account-deleted',
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/ban',
  '/pages/faq',
  '/pages/return-policy',
  '/pages/service',
  '/complaints',
  '/lang-config',
  '/this/page/does-not-exist',
];

const entryWarning = (page: Page) => page.locator('#site-entry-warning');

/** Waits until the screen has settled: its heading is shown and no call is pending (loading bar gone). */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
}

/** Opens a screen and waits for it, so the lazily loaded page is what axe sees. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility on a ${name}`, () => {
    test.use({ viewport });
    // Each scenario checks many screens, and axe takes a second or two per screen on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test('a first-time visitor: the home page with the entry warning open, then dismissed', async ({ page }) => {
      await page.goto('/');
      await expect(entryWarning(page)).toBeVisible();
      await expectNoAxeViolations(page, { label: 'home with the entry warning open' });
      await entryWarning(page).getByRole('button', { name: /enter/i }).click();
      await expect(entryWarning(page)).toBeHidden();
      await expectNoAxeViolations(page, { label: 'home, entry warning dismissed' });
      // One fictional-profile notice on the home page, in its notes section (decision 015).
      await expect(page.getByText(/some profiles on this site are fictional/i)).toHaveCount(1);
      await expect(page.locator('#home-fictional-notice')).toBeVisible();
      await expect(page.locator('.fictional-badge')).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath('home.png'), fullPage: true });
    });

    test('a visitor: login, signup, password reset, static pages, 404 and the member search', async ({ page }) => {
      await skipEntryWarning(page);
      for (const path of VISITOR_SCREENS) {
        await open(page, path);
        await expectNoAxeViolations(page);
      }
      // The English demo site lets visitors search (logged_out_search); cards are part of the screen.
      await page.goto('/members');
      await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
      await settled(page);
      await expectNoAxeViolations(page, { label: '/members as a visitor' });
    });

    test('a member: search, a profile, the own profile, settings and the signup follow-ups', async ({ page }) => {
      await skipEntryWarning(page);
      const email = newEmail('a11y');
      await signupThroughApi(page.request, email, 'Alex');
      await open(page, '/complete-signup');
      await expectNoAxeViolations(page);
      await activateThroughMail(page.request, email);

      await page.goto('/members');
      const card = page.locator('#search-results .profile-card').first();
      await expect(card).toBeVisible();
      await settled(page);
      await expectNoAxeViolations(page, { label: '/members as a member' });
      const cardName = (await card.locator('.profile-card__name').textContent()) ?? '';
      await card.click();
      await expect(page).toHaveURL(/\/members\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(cardName.trim());
      await settled(page);
      await expectNoAxeViolations(page, { label: 'a member profile' });

      for (const path of [
        '/profile',
        '/notifications',
        '/activate/done',
        '/swipe-game',
        '/match-finder?age_group=35%2B',
        '/signup-matches',
      ]) {
        await open(page, path);
        await expectNoAxeViolations(page);
      }
    });
  });
}

/** Outline and box-shadow of the focused element: focus is visible when either differs from the unfocused look. */
async function focusLook(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`, shadow: style.boxShadow };
  });
}

/** Tabs through up to `limit` stops and checks each focused control looks different from its unfocused self. */
async function expectVisibleFocusWhileTabbing(page: Page, limit: number) {
  const seen: string[] = [];
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press('Tab');
    const focused = page.locator('*:focus');
    if ((await focused.count()) === 0) break;
    const description = await focused.evaluate(
      (element) =>
        `${element.tagName.toLowerCase()}#${element.id}.${element.className} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
    );
    if (seen.includes(description)) break; // wrapped around
    seen.push(description);
    const focusedLook = await focusLook(focused);
    // Unfocused look of the same element: focus moves to the page body for the comparison.
    const handle = await focused.elementHandle();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const restingLook = await handle!.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`, shadow: style.boxShadow };
    });
    await handle!.focus();
    const visible =
      (!focusedLook.outline.startsWith('none') && !focusedLook.outline.includes(' 0px ') && focusedLook.outline !== restingLook.outline) ||
      (focusedLook.shadow !== 'none' && focusedLook.shadow !== restingLook.shadow);
    expect(
      visible,
      `no visible focus on ${description}: focused ${JSON.stringify(focusedLook)}, resting ${JSON.stringify(restingLook)}`,
    ).toBe(true);
  }
  expect(seen.length).toBeGreaterThan(3);
}

test.describe('visible focus with the keyboard', () => {
  // Without transitions the computed focus style is final the moment focus arrives.
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

  test('tabbing through the home page and the login form shows where the focus is', async ({ page }) => {
    await skipEntryWarning(page);
    await open(page, '/');
    await expectVisibleFocusWhileTabbing(page, 40);
    await open(page, '/login');
    await page.getByRole('heading', { level: 1 }).click();
    await expectVisibleFocusWhileTabbing(page, 40);
  });
});
