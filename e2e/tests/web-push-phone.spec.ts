/**
 * Web push at 375 px (issue 30, decisions 040 and 044). A member turns push on from the offer on
 * the members page; Chromium makes a real subscription (its push service stood in for, see
 * support/chromium-push-service.ts) and the app stores it through POST /api/user.php?push=1. A push
 * delivered to the service worker through the DevTools protocol (ServiceWorker.deliverPushMessage)
 * shows a notification and reloads the open page's chats and likes; its click opens the
 * conversation (checkUrl). Logging out removes the subscription on the server and in the browser;
 * a click after that leads to the login (openUrl).
 *
 * Chromium refuses push in an off-the-record profile, which is what Playwright's contexts are, so
 * this scenario runs in a persistent context of its own. Chromium has no DevTools command to click
 * a notification: the worker is handed a NotificationEvent for its own notification (the product
 * has nothing of the tests in it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, request, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { PUSH_RECEIVED, type PushMessage } from '@cupido/shared/rules/push';
import { expectNoAxeViolations } from '../support/axe';
import { startChromiumPushService, type ChromiumPushService } from '../support/chromium-push-service';
import { activateThroughMail, newEmail, PASSWORD, signupThroughApi, siteOrigin, skipEntryWarning } from '../support/members';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

let pushService: ChromiumPushService;
let userDataDir: string;
let context: BrowserContext;

test.beforeAll(async () => {
  pushService = await startChromiumPushService();
});
test.afterAll(async () => {
  await pushService.close();
});
test.beforeEach(async () => {
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-push-'));
  // The project's Chromium and its switches (playwright.config.ts), and the push service's.
  const launch = test.info().project.use.launchOptions ?? {};
  context = await chromium.launchPersistentContext(userDataDir, {
    ...PHONE,
    executablePath: launch.executablePath,
    args: [...(launch.args ?? []), ...pushService.switches],
    baseURL: siteOrigin(),
  });
});
test.afterEach(async () => {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
});

/** The browsers the server keeps for the member (its part of "Download my data"). */
async function pushDevices(page: Page): Promise<{ endpoint: string }[]> {
  const response = await page.request.get('/api/personal-data.php');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { push_devices: { endpoint: string }[] }).push_devices;
}

/** The worker's registration id, which ServiceWorker.deliverPushMessage needs. */
async function workerRegistrationId(cdp: CDPSession): Promise<string> {
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${siteOrigin()}/` && !r.isDeleted)?.registrationId).toBeTruthy();
  return registrations.find((r) => r.scopeURL === `${siteOrigin()}/` && !r.isDeleted)!.registrationId;
}

/**
 * Delivers `push` to the worker as a push service would, and waits for the worker's note to the
 * page, which comes once the notification is shown (reading the notifications earlier can race
 * Chromium's own bookkeeping of what is on screen).
 */
async function deliverPush(page: Page, cdp: CDPSession, registrationId: string, push: PushMessage) {
  // Listening before the delivery: what the worker posts to this page, kept in the page.
  await page.evaluate(() => {
    const heard = window as unknown as { pushNotes?: unknown[] };
    if (heard.pushNotes) return void (heard.pushNotes = []);
    heard.pushNotes = [];
    navigator.serviceWorker.addEventListener('message', (event) => heard.pushNotes!.push(event.data));
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: siteOrigin(), registrationId, data: JSON.stringify(push) });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { pushNotes: unknown[] }).pushNotes))
    .toEqual([{ type: PUSH_RECEIVED, message: push }]);
}

/** What the worker shows now: title, body, tag and where a click leads. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data })),
  );

/** The member's click on the worker's notification: its notificationclick runs as for a real one. */
async function clickNotification() {
  const worker = context.serviceWorkers().find((w) => w.url().includes('/sw-push.js'))!;
  await worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent: (event: Event) => boolean };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification shown');
    const NotificationEventClass = (
      self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
    ).NotificationEvent;
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
  });
}

test('a member turns push on; a push shows a notification, reloads the chats and likes, and its click opens the conversation', async () => {
  test.setTimeout(150_000);
  await skipEntryWarning(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const email = newEmail('push');
  const profileId = await signupThroughApi(page.request, email, 'Noor');
  await activateThroughMail(page.request, email);

  // Another member writes to her: the conversation a push will be about.
  const other = await request.newContext({ baseURL: siteOrigin() });
  const otherEmail = newEmail('push-writer');
  await signupThroughApi(other, otherEmail, 'Bram');
  await activateThroughMail(other, otherEmail);
  const sent = await other.post('/api/message.php', {
    data: { profile_id: profileId, client_id: crypto.randomUUID(), text: 'Hi Noor, are you there?' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await other.dispose();
  const chats = (await (await page.request.get('/api/chats.php')).json()) as { chats: { conversation: number }[] };
  const conversation = chats.chats[0]!.conversation;

  // The offer on the members page, where she lands: labelled, at 375 px, axe-clean.
  await page.goto('/members');
  const offer = page.locator('#push-offer');
  await expect(offer.getByRole('heading', { name: 'Know at once when someone writes to you' })).toBeVisible();
  const box = (await offer.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, { include: '#push-offer', label: 'push offer' });
  expect(await pushDevices(page)).toEqual([]);

  // She allows notifications in the browser's prompt (granted here: headless Chromium shows none).
  await context.grantPermissions(['notifications'], { origin: siteOrigin() });
  await offer.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.locator('#push-offer-outcome')).toHaveText('Done: notifications are on for this device.');
  await expect(offer).toHaveCount(0);
  const subscription = await page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.toJSON(),
  );
  expect(subscription?.endpoint).toMatch(/^https:\/\//);
  expect(pushService.registrations()).toBeGreaterThan(0);
  // Stored on the server through its real route.
  const devices = await pushDevices(page);
  expect(devices).toHaveLength(1);
  expect(devices[0]!.endpoint.endsWith(subscription!.endpoint!.slice(-8))).toBe(true);

  // The next page load is controlled by the worker (it registered during the first), so a click can take this window along.
  await page.goto('/members');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw-push\.js\?v=2$/);
  await expect(page.locator('#push-offer')).toHaveCount(0);
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();

  // A push about her conversation, as the server sends it (decision 040's payload).
  const checkUrl = `/chats/${conversation}?network=push&sub1=new_conversations`;
  const push: PushMessage = {
    kind: 'new_conversations',
    title: 'Bram started a conversation with you',
    body: 'Open Cupido to read it.',
    tag: `conversation:${conversation}`,
    checkUrl,
    openUrl: `/login?redirect=${encodeURIComponent(checkUrl)}`,
  };
  const cdp = await context.newCDPSession(page);
  const registrationId = await workerRegistrationId(cdp);
  const chatsReload = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/chats.php');
  const likesReload = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/likes.php');
  const deliveredAt = Date.now();
  await deliverPush(page, cdp, registrationId, push);
  expect(await shownNotifications(page)).toEqual([
    { title: push.title, body: push.body, tag: push.tag, data: { checkUrl: push.checkUrl, openUrl: push.openUrl } },
  ]);
  // The open page heard of it: chats at once, likes half a second later (not the 60 s poll).
  await chatsReload;
  await likesReload;
  expect(Date.now() - deliveredAt).toBeLessThan(10_000);

  // Her click: she is logged in, so the conversation itself opens, in this window (the app keeps
  // the visit's source, network=push, and takes it off the address, spec section 4).
  const opened = page.waitForURL(`${siteOrigin()}${checkUrl}`);
  await clickNotification();
  await opened;
  await expect(page).toHaveURL(`${siteOrigin()}/chats/${conversation}`);
  await expect(page.locator('#chat-partner-name')).toHaveText('Bram');
  await expect(page.locator('main').getByText('Hi Noor, are you there?').last()).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // Logging out takes this browser off the server and unsubscribes it.
  await page.goto('/members');
  await page.locator('#account-dropdown').click();
  await page.locator('#logout-link').click();
  await expect(page).toHaveURL(`${siteOrigin()}/`);
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
  const login = await page.request.post('/api/user.php', { data: { email, password: PASSWORD }, headers: { 'X-Request-Type': 'client' } });
  expect(login.status()).toBe(200);
  expect(await pushDevices(page)).toEqual([]);
  await page.request.post('/api/logout.php');

  // A click without a session leads to the login, which leads to the conversation (openUrl).
  await deliverPush(page, cdp, registrationId, push);
  expect(await shownNotifications(page)).toHaveLength(1);
  await clickNotification();
  await expect(page).toHaveURL(`${siteOrigin()}${push.openUrl}`);
  await expect(page.locator('#login-email')).toBeVisible();
});
