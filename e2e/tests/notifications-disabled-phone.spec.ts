/**
 * Bounces and spam complaints at 375 px (issue 30): the mail provider's signed webhook (Mailgun's
 * format, signed with the e2e server's key) reports a complaint, and the member sees "Notifications
 * disabled: spam complaint" above the page and turns e-mails back on from the alert. Then a hard
 * bounce: "invalid address", dismissed (and still dismissed after a reload); she confirms the
 * address again through the settings' e-mail form and the mailed link, and mails are on again.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_MAILGUN_WEBHOOK_SIGNING_KEY } from '../playwright.config';
import { expectNoAxeViolations } from '../support/axe';
import { linkIn, nthMailTo } from '../support/mailbox';
import { PASSWORD, activateThroughMail, newEmail, signupThroughApi, siteOrigin, skipEntryWarning } from '../support/members';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** What Mailgun posts: the signature (HMAC-SHA256 of timestamp and token) and the event. */
async function mailgunEvent(request: APIRequestContext, eventData: Record<string, unknown>) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', E2E_MAILGUN_WEBHOOK_SIGNING_KEY).update(`${timestamp}${token}`).digest('hex');
  const response = await request.post(`${siteOrigin()}/api/mail-events/mailgun`, {
    data: { signature: { timestamp, token, signature }, 'event-data': eventData },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The event is applied by a job within seconds; the app would see it at its next refresh (60 s), the scenario reloads. */
async function reloadOnceDisabled(page: Page, reason: string) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/user.php')).json()) as { user: { notifications_disabled: string[] } }).user
          .notifications_disabled,
      { timeout: 20_000 },
    )
    .toContain(reason);
  await page.reload();
}

test('a complaint and a bounce show the alert, and the member turns mails back on', async ({ page, request }) => {
  test.setTimeout(90_000);
  await skipEntryWarning(page);
  const email = newEmail('bounced');
  await signupThroughApi(page.request, email, 'Lina');
  await activateThroughMail(page.request, email);
  await page.goto('/members');
  const alert = page.locator('#notifications-disabled-alert');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(alert).toHaveCount(0);

  // A spam complaint: the alert says so, and one click asks for mail again.
  await mailgunEvent(request, { event: 'complained', recipient: email });
  await reloadOnceDisabled(page, 'fbl');
  await expect(alert).toContainText('Notifications disabled: spam complaint.');
  // In the page's flow at the top, across the phone's width, covering nothing below it.
  const box = (await alert.boundingBox())!;
  const heading = (await page.locator('main h1').first().boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(heading.y).toBeGreaterThanOrEqual(box.y + box.height);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  await expectNoAxeViolations(page, { include: '#notifications-disabled-alert', label: 'disabled notifications alert' });
  await alert.getByRole('button', { name: 'Turn e-mails back on' }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(alert).toHaveCount(0);

  // A hard bounce: invalid address. Dismissed, it stays dismissed.
  await mailgunEvent(request, {
    event: 'failed',
    severity: 'permanent',
    reason: 'bounce',
    recipient: email,
    'delivery-status': { code: 550 },
  });
  await reloadOnceDisabled(page, 'bounce');
  await expect(alert).toContainText('Notifications disabled: invalid address.');
  await expect(alert).toContainText(`E-mails to ${email} could not be delivered.`);
  await expect(alert.getByRole('link', { name: 'Confirm my address' })).toHaveAttribute('href', '/notifications#settings-email-title');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(alert).toHaveCount(0);

  // She confirms the address again in the settings: the link mailed to it proves it works.
  await page.goto('/notifications');
  await expect(page.locator('#notifications-disabled')).toContainText('invalid address');
  await page.locator('#change-email-email').fill(email);
  await page.locator('#change-email-current-password').fill(PASSWORD);
  await page.locator('#change-email-submit').click();
  await expect(page.locator('#change-email-sent')).toBeVisible();
  const mail = await nthMailTo(email, 2);
  await page.goto(linkIn(mail, '/mail-change/do'));
  await page.locator('#mail-change-confirm').click();
  await expect(page.locator('#mail-change-done')).toBeVisible();
  await page.goto('/notifications');
  await expect(
    page.locator('#notification-preferences').getByRole('group', { name: 'E-mails' }).getByRole('switch', { name: 'New messages' }),
  ).toBeVisible();
  await expect(page.locator('#notifications-disabled')).toHaveCount(0);
  await expect(alert).toHaveCount(0);
});
