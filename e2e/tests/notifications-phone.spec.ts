/**
 * Notification mails at 375 px (issue 30): a member turns like mails off in the settings' new
 * Notifications section and new messages on, then another member likes her and writes to her.
 * The next scan (each minute; the e2e server waits no extra delay) mails her about the message,
 * with the one-click unsubscribe headers, and not about the like. The mail app's one-click POST
 * turns that kind off; the unsubscribe page a person opens says so and turns it back on.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { mailCount, nthMailTo } from '../support/mailbox';
import { activateThroughMail, newEmail, signupThroughApi, siteOrigin, skipEntryWarning } from '../support/members';

/**
 * Quiet hours (22:00-08:00 in the member's zone) hold mails until morning; the browser tells the
 * server its zone, so the scenario's browser lives where it is daytime now, whenever CI runs.
 */
function daytimeZone(now = new Date()): string {
  const zones = [
    'Europe/London',
    'Asia/Dubai',
    'Asia/Bangkok',
    'Asia/Tokyo',
    'Pacific/Auckland',
    'Pacific/Honolulu',
    'America/Los_Angeles',
    'America/New_York',
  ];
  const hourIn = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  return zones.find((zone) => hourIn(zone) >= 10 && hourIn(zone) < 20)!;
}

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, timezoneId: daytimeZone() });

test('mails a message, not a like, with a one-click unsubscribe that works', async ({ page, browser }) => {
  // A scan runs each minute and she must be offline first: the mail takes a while.
  test.setTimeout(240_000);
  await skipEntryWarning(page);
  const email = newEmail('notified');
  const profileId = await signupThroughApi(page.request, email, 'Noor');
  await activateThroughMail(page.request, email);

  await page.goto('/notifications');
  // The app tells the server the browser's zone once logged in (features/likes/use-time-zone-sync.ts).
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })).json()) as {
            user: { time_zone: string | null };
          }
        ).user.time_zone,
    )
    .not.toBeNull();
  const section = page.locator('#notification-preferences');
  await expect(section.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
  // The e-mail switches (the push fieldset beside them has the same kinds).
  const mails = section.getByRole('group', { name: 'E-mails' });
  const likes = mails.getByRole('switch', { name: 'Likes and matches' });
  const messages = mails.getByRole('switch', { name: 'New messages' });
  await expect(likes).toBeChecked();
  await likes.uncheck();
  await expect(page.locator('#notification-preferences-saved')).toHaveText('Likes and matches: e-mails off.');
  // New messages: off and on again, so the scenario has chosen them itself.
  await messages.uncheck();
  await expect(page.locator('#notification-preferences-saved')).toHaveText('New messages: e-mails off.');
  await messages.check();
  await expect(page.locator('#notification-preferences-saved')).toHaveText('New messages: e-mails on.');
  await expect(mails.getByRole('switch', { name: 'Offers and promotions' })).not.toBeChecked();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  await expectNoAxeViolations(page, { include: '#notification-preferences', label: 'notification preferences' });

  // She closes the site: a member who is online is told by the app, and her mail waits until she
  // leaves. Her open tab's presence is forgotten within a heartbeat (30 s, features/live/presence.ts).
  await page.goto('about:blank');
  await page.waitForTimeout(35_000);

  // Another member likes her and writes to her.
  const other = await browser.newContext();
  const otherEmail = newEmail('writer');
  await signupThroughApi(other.request, otherEmail, 'Bram');
  await activateThroughMail(other.request, otherEmail);
  expect((await other.request.post(`${siteOrigin()}/api/like.php`, { data: { profile_id: profileId } })).status()).toBe(200);
  const sent = await other.request.post(`${siteOrigin()}/api/message.php`, {
    data: { profile_id: profileId, client_id: crypto.randomUUID(), text: 'Hi Noor!' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await other.close();

  // Mail 1 was the activation; mail 2 is about the message.
  const mail = await nthMailTo(email, 2, 120_000);
  expect(mail.subject).toBe('Bram started a conversation with you');
  expect(mail.text).not.toContain('Hi Noor!');
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  expect(mail.listUnsubscribe).toMatch(/\/api\/unsubscribe\.php\?token=/);
  const conversationLink = mail.links.map((link) => new URL(link)).find((url) => url.pathname.startsWith('/chats/'));
  expect(conversationLink?.searchParams.get('network')).toBe('email');
  // The like went into the same scan: no mail about it, now or a little later.
  await page.waitForTimeout(3_000);
  expect(await mailCount(email)).toBe(2);

  // The mail's link opens the conversation (she is still logged in in this browser).
  await page.goto(conversationLink!.pathname + conversationLink!.search);
  await expect(page.getByRole('paragraph').filter({ hasText: 'Hi Noor!' })).toBeVisible();

  // The mail app's one-click unsubscribe: a POST of the form body, no session needed.
  const oneClick = new URL(mail.listUnsubscribe!);
  const mailApp = await browser.newContext();
  const posted = await mailApp.request.post(`${siteOrigin()}${oneClick.pathname}${oneClick.search}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await mailApp.close();
  await page.goto('/notifications');
  await expect(
    page.locator('#notification-preferences').getByRole('group', { name: 'E-mails' }).getByRole('switch', { name: 'New conversations' }),
  ).not.toBeChecked();

  // The page a person opens from the mail's footer says so, and turns it back on.
  const pageLink = mail.links.map((link) => new URL(link)).find((url) => url.pathname === '/unsubscribe');
  await page.goto(pageLink!.pathname + pageLink!.search);
  await expect(page.locator('#unsubscribe-status')).toHaveText(/^You will no longer get e-mails about new conversations from /);
  await expectNoAxeViolations(page, { label: '/unsubscribe' });
  await page.getByRole('button', { name: 'Turn e-mails about new conversations back on' }).click();
  await expect(page.locator('#unsubscribe-status')).toHaveText(/^E-mails about new conversations from .* are on again\.$/);
  await page.goto('/notifications');
  await expect(
    page.locator('#notification-preferences').getByRole('group', { name: 'E-mails' }).getByRole('switch', { name: 'New conversations' }),
  ).toBeChecked();
});
