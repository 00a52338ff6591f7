/**
 * Accounts on a 375 px phone, as a newcomer meets them (issue 9): the signup consents, the
 * demo mailbox, activation and onboarding, a used activation link, settings saves, the security
 * notice with "This was not me", the language chosen before login, and the demo member.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, nthMailTo } from '../support/mailbox';
import { PASSWORD, activateThroughMail, newEmail, signupThroughApi, skipEntryWarning, useOwnAddress } from '../support/members';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-submit').click();
}

/** Opens the newest link starting with `pathPrefix` in the dev mailbox's row for `email`. */
async function openFromDevMailbox(page: Page, email: string, pathPrefix: string) {
  await page.goto('/dev/mailbox');
  const row = page.locator('#mailbox li.mail', { hasText: email }).first();
  await row.locator(`a[href*="${pathPrefix}"]`).first().click();
}

test.describe('signup and activation on a phone', () => {
  test('44 px consent targets, the terms open in a tab, no orientation consent needed; activation via /dev/mailbox leads to onboarding', async ({
    page,
    browser,
  }) => {
    const email = newEmail('phone');
    await skipEntryWarning(page);
    await page.goto('/signup');
    // Who you are and whom you look for: native radios drawn as buttons, chosen by their labels.
    await page.locator('label[for="signup-gender-female"]').click();
    await page.locator('label[for="signup-looking-for-male"]').click();
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-name').fill('Mila');
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-date-of-birth-day').selectOption('15');
    await page.locator('#signup-date-of-birth-month').selectOption('05');
    await page.locator('#signup-date-of-birth-year').selectOption('1990');

    const terms = page.locator('#signup-consent-terms');
    const target = await page.locator('label.consent-check-target[for="signup-consent-terms"]').boundingBox();
    const label = await page.locator('label.consent-check-label[for="signup-consent-terms"]').boundingBox();
    expect(target!.width).toBeGreaterThanOrEqual(44);
    expect(target!.height).toBeGreaterThanOrEqual(44);
    expect(label!.height).toBeGreaterThanOrEqual(44);

    // The terms link inside the label opens the terms and leaves the box alone.
    const [termsTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('label.consent-check-label[for="signup-consent-terms"] a[href="/pages/terms"]').tap(),
    ]);
    await expect(termsTab).toHaveURL(/\/pages\/terms$/);
    await termsTab.close();
    await expect(terms).not.toBeChecked();
    // Tapping the words (away from the links) ticks it.
    await page.locator('label.consent-check-label[for="signup-consent-terms"]').tap({ position: { x: 4, y: 12 } });
    await expect(terms).toBeChecked();

    // The orientation consent stays unticked: it is optional.
    await expect(page.locator('#signup-consent-orientation')).not.toBeChecked();
    await useOwnAddress(page);
    await page.locator('#signup-submit').click();
    await expect(page).toHaveURL(/\/members/);

    // No mailbox needed: the dev mailbox lists the activation mail with a working link.
    await openFromDevMailbox(page, email, '/api/activate.php');
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.locator('#activate-done-progress')).toHaveText('0 of 2 steps done');
    await expect(page.getByRole('link', { name: /Add a photo/ })).toBeVisible();
    await page.getByRole('link', { name: /Add a photo/ }).click();
    await expect(page).toHaveURL(/\/profile#photos-title$/);
    await expect(page.locator('#photos-title')).toBeInViewport();
    await page.goBack();
    await page.getByRole('link', { name: /Complete your profile/ }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // The used link in another browser: already active, log in; not 'expired'.
    const mail = await nthMailTo(email, 1);
    const other = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const otherPage = await other.newPage();
    await skipEntryWarning(otherPage);
    await otherPage.goto(linkIn(mail, '/api/activate.php'));
    await expect(otherPage).toHaveURL(/\/activate\/error\?reason=already_active$/);
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Your account is already active');
    await expect(otherPage.getByText(/expired/)).toHaveCount(0);
    await otherPage.locator('#activate-error-login').click();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });
});

test.describe('settings and the security notice on a phone', () => {
  test('a password change saves without red errors; "This was not me" locks the account until a reset', async ({ page }) => {
    const email = newEmail('notme');
    await skipEntryWarning(page);
    await signupThroughApi(page.request, email);
    await page.goto('/notifications');

    // The current address is refused with its own message.
    await page.locator('#change-email-email').fill(email);
    await page.locator('#change-email-current-password').fill(PASSWORD);
    await page.locator('#change-email-submit').click();
    await expect(page.locator('#change-email-email-error')).toHaveText(
      'This is already your e-mail address. Enter the new address you want to use.',
    );

    await page.locator('#change-password-old').fill(PASSWORD);
    await page.locator('#change-password-new').fill('someone else was here');
    await page.locator('#change-password-submit').click();
    await expect(page.locator('#change-password-done')).toBeVisible();
    await expect(page.locator('#change-password-form .is-invalid')).toHaveCount(0);
    await expect(page.locator('#change-password-form .invalid-feedback')).toHaveCount(0);

    // The notice to the account's address; its link only shows a page until the button is pressed.
    const notice = await nthMailTo(email, 2);
    expect(notice.subject).toBe('The password of your Cupido account was changed');
    await page.goto(linkIn(notice, '/account/not-me'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("This wasn't me");
    await page.locator('#not-me-confirm').click();
    await expect(page.locator('#not-me-done')).toContainText(email);

    await loginThroughForm(page, email, 'someone else was here');
    await expect(page.locator('#login-error')).toContainText('locked for your security');

    const reset = await nthMailTo(email, 3);
    await page.goto(linkIn(reset, '/reset-password/do'));
    await page.locator('#reset-password-new').fill('mine again please');
    await page.locator('#reset-password-repeat').fill('mine again please');
    await page.locator('#reset-password-do-submit').click();
    await expect(page).toHaveURL(/\/members/);
  });
});

test.describe('language and the demo member', () => {
  test('a language picked before logging in stays after login and is stored on the account', async ({ page, context }) => {
    const email = newEmail('lang');
    await skipEntryWarning(page);
    await signupThroughApi(page.request, email);
    await page.request.post('/api/logout.php');
    // What the language menu leaves behind (site-shell.spec.ts covers the menu itself).
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', domain: 'localhost', path: '/' }]);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('#login-submit').click();
    await expect(page).toHaveURL(/\/members/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const me = await (await page.request.get('/api/user.php')).json();
    expect(me.user.language).toBe('de');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the demo member of the README logs in', async ({ page }) => {
    await skipEntryWarning(page);
    await loginThroughForm(page, 'demo@cupido.example', 'cupido-demo-2026');
    await expect(page).toHaveURL(/\/members/);
    const me = await (await page.request.get('/api/user.php')).json();
    expect(me.user).toMatchObject({ email: 'demo@cupido.example', status: 'active' });
  });
});

test.describe('deleting an account that holds credits', () => {
  test('says how many credits are lost and what the return policy allows, before the confirmation (issue 29)', async ({ page }) => {
    await skipEntryWarning(page);
    const email = newEmail('delete-credits');
    await signupThroughApi(page.request, email);
    await activateThroughMail(page.request, email);
    // Activation grants the demo site's 20 signup credits.
    await page.goto('/notifications');
    const warning = page.locator('#delete-account-credits');
    await expect(warning).toContainText('You still have 20 credits. Deleting your account means they are lost.');
    await expect(warning).toContainText(/refunded within \d+ days of purchase/);
    await expect(warning.getByRole('link')).toHaveAttribute('href', /\/pages\/return-policy$/);
    await page.locator('#delete-reason-not_looking').check();
    await page.locator('#delete-account-form').getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.locator('#delete-account-start').click();
    await expect(page.locator('#delete-account-confirm')).toBeVisible();
    await expect(page.locator('#delete-account-confirm-credits')).toContainText('You still have 20 credits.');
  });
});
