import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { activateThroughMail, newEmail, photoFile, signupThroughApi, skipEntryWarning } from '../support/members';

// Issue 29 on a 375 px phone: the chat's paid actions ask first. A picked photo shows its preview
// and price, Cancel takes nothing and Send charges once; below the price of a message Send is off,
// the missing credits and Buy credits show, and the draft survives the shop; the fictional-profile
// disclosure in the chat header stays whole beside a four-digit balance at 320 and 375 px.

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

test.describe.configure({ timeout: 90_000 });

interface Member {
  id: number;
  context: BrowserContext;
  page: Page;
}

/** An activated member (20 signup credits on the demo site) logged in in a phone context of their own. */
async function member(browser: Browser, label: string, name: string): Promise<Member> {
  const context = await browser.newContext(PHONE);
  await skipEntryWarning(context);
  const email = newEmail(label);
  const id = await signupThroughApi(context.request, email, name);
  await activateThroughMail(context.request, email);
  const userId = ((await (await context.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  await context.addInitScript((key) => window.sessionStorage.setItem(key, '1'), `auto-like-asked:${userId}`);
  return { id, context, page: await context.newPage() };
}

async function balanceOf(of: Member): Promise<number> {
  return ((await (await of.context.request.get('/api/user.php')).json()) as { user: { credits: number } }).user.credits;
}

/** The kinds of the stored messages of `of`'s conversation with the profile, as the server has them. */
async function storedKinds(of: Member, profileId: number): Promise<string[]> {
  const response = await of.context.request.get(`/api/chat.php?profile=${profileId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { messages: { kind: string }[] }).messages.map((message) => message.kind);
}

async function pricesOf(of: Member, profileId: number): Promise<{ message: number; image: number }> {
  return (
    (await (await of.context.request.get(`/api/chat.php?profile=${profileId}`)).json()) as { prices: { message: number; image: number } }
  ).prices;
}

/** Buys a package in the sandbox through the API, as the checkout and the test checkout page do. */
async function buyPackage(of: Member, packageId: 'p0' | 'p1' | 'p2' | 'p3') {
  const shop = (await (await of.context.request.get('/api/credit-packages.php')).json()) as { payment_country: string; methods: string[] };
  const method = shop.methods.find((candidate) => candidate !== 'sdd')!;
  const started = await of.context.request.post('/api/payment.php', {
    data: { package_id: packageId, method, country: shop.payment_country, withdrawal_consent: true, idempotency_key: randomUUID() },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const checkout = new URL(((await started.json()) as { redirect_url: string }).redirect_url, 'http://localhost').pathname;
  expect(checkout).toMatch(/^\/sandbox\/checkout\//);
  const paid = await of.context.request.post(checkout, { form: { status: 'paid' } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

const messageBox = (page: Page, partner: string) => page.getByRole('textbox', { name: `Your message to ${partner}` });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });

test('a photo asks first (Cancel takes nothing, Send charges once); below the price Send is off with Buy credits, and the draft survives the shop', async ({
  browser,
}) => {
  const rosa = await member(browser, 'paid-actions-a', 'Rosa');
  const bram = await member(browser, 'paid-actions-b', 'Bram');
  const prices = await pricesOf(rosa, bram.id);
  expect(prices.image).toBeGreaterThan(0);
  // A first message through the API (as the outbox sends it): the conversation exists, no icebreakers open.
  const first = await rosa.context.request.post('/api/message.php', {
    data: { profile_id: bram.id, client_id: randomUUID(), text: 'Hi Bram!' },
  });
  expect(first.ok(), await first.text()).toBe(true);
  const start = await balanceOf(rosa);
  expect(start).toBe(20 - prices.message);
  expect(start).toBeGreaterThanOrEqual(prices.image);

  const page = rosa.page;
  await page.goto(`/members/${bram.id}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bram' })).toBeVisible();
  // The footer's money price is the best package's, and leads to the packages.
  const footerPrice = page.locator('#send-footer-price');
  await expect(footerPrice).toHaveText(/^from \S+ per message$/);
  await expect(footerPrice).toHaveAttribute('href', '/credits');

  // Picked: the preview with its price, nothing sent yet.
  await page.locator('#chat-photo-file').setInputFiles(await photoFile('beach.png'));
  const preview = page.getByRole('dialog', { name: 'Send this photo to Bram?' });
  await expect(preview).toBeVisible();
  const image = preview.getByRole('img', { name: 'Preview of the photo you picked' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(preview).toContainText(new RegExp(`This photo costs ${prices.image} credits \\(from \\S+\\)\\.`));
  await expect(preview.getByRole('button', { name: 'Send photo' })).toBeFocused();
  await expectNoAxeViolations(page, { include: '#chat-photo-preview', label: 'the photo preview' });
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeHidden();
  expect(await balanceOf(rosa)).toBe(start);
  expect(await storedKinds(rosa, bram.id)).toEqual(['text']);
  await expect(page.getByRole('link', { name: `Your balance: ${start} credits` })).toBeVisible();

  // Send: one photo, charged once.
  await page.locator('#chat-photo-file').setInputFiles(await photoFile('beach.png'));
  await preview.getByRole('button', { name: 'Send photo' }).click();
  await expect(preview).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Messages with Bram' }).getByRole('button', { name: 'Show the photo full size' }),
  ).toHaveCount(1);
  await expect.poll(() => balanceOf(rosa)).toBe(start - prices.image);
  expect(await storedKinds(rosa, bram.id)).toEqual(['text', 'image']);
  const left = start - prices.image;
  await expect(page.getByRole('link', { name: `Your balance: ${left} credits` })).toBeVisible();

  // Below the price of a message: Send is off before anything is sent, with what is missing and Buy credits.
  expect(left).toBeLessThan(prices.message);
  const missing = page.locator('#chat-missing-credits');
  await expect(missing).toContainText(`You need ${prices.message - left} more credits to send this.`);
  const draft = 'Tell me about your weekend?';
  await messageBox(page, 'Bram').fill(draft);
  await expect(sendButton(page)).toBeDisabled();
  await expectNoAxeViolations(page, { label: '/members/{id}/chat below the price' });

  // To the shop and back: the draft is still in the box; nothing was sent.
  await missing.getByRole('link', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.locator('#package-p1')).toBeVisible();
  await page.goBack();
  await expect(messageBox(page, 'Bram')).toHaveValue(draft);
  await expect(sendButton(page)).toBeDisabled();
  expect(await storedKinds(rosa, bram.id)).toEqual(['text', 'image']);
  await rosa.context.close();
  await bram.context.close();
});

test('the fictional-profile disclosure in the chat header stays whole beside a four-digit balance, at 320 and 375 px', async ({
  browser,
}) => {
  const rosa = await member(browser, 'paid-actions-disclosure', 'Rosa');
  await buyPackage(rosa, 'p3');
  await buyPackage(rosa, 'p3');
  await expect.poll(() => balanceOf(rosa)).toBeGreaterThanOrEqual(1000);
  const balance = await balanceOf(rosa);
  expect(String(balance)).toHaveLength(4);

  // A fictional profile of the demo that Rosa is shown.
  let fictionalId: number | null = null;
  for (let pageNumber = 1; pageNumber <= 5 && fictionalId === null; pageNumber++) {
    const search = (await (await rosa.context.request.get(`/api/search.php?page=${pageNumber}`)).json()) as {
      profiles: { id: number; is_fictional: boolean }[];
    };
    fictionalId = search.profiles.find((profile) => profile.is_fictional)?.id ?? null;
  }
  expect(fictionalId, 'a fictional demo profile').not.toBeNull();

  const page = rosa.page;
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`/members/${fictionalId}/chat`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The empty conversation opens the icebreakers by itself once per tab: closed, the header is in view.
    const icebreakers = page.getByRole('dialog', { name: 'Icebreakers' });
    if (width === 320) {
      await expect(icebreakers).toBeVisible();
      await icebreakers.getByRole('button', { name: 'Close' }).click();
    }
    await expect(icebreakers).toBeHidden();
    const badge = page.locator('#chat-fictional-badge');
    const credits = page.locator('#chat-credits');
    await expect(badge).toBeVisible();
    await expect(credits).toContainText(String(balance));

    const layout = await page.evaluate(() => {
      const badgeElement = document.getElementById('chat-fictional-badge')!;
      const box = badgeElement.getBoundingClientRect();
      const creditsBox = document.getElementById('chat-credits')!.getBoundingClientRect();
      // Every part of the badge is the badge on screen (nothing drawn over it), and its text is not clipped.
      const points: [number, number][] = [];
      for (const fx of [0.05, 0.5, 0.95])
        for (const fy of [0.2, 0.5, 0.8]) points.push([box.left + box.width * fx, box.top + box.height * fy]);
      const covered = points.filter(([x, y]) => !badgeElement.contains(document.elementFromPoint(x, y)));
      return {
        box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
        overlapsCredits:
          box.left < creditsBox.right && creditsBox.left < box.right && box.top < creditsBox.bottom && creditsBox.top < box.bottom,
        covered,
        clipped: badgeElement.scrollWidth > badgeElement.clientWidth + 1,
        viewport: document.documentElement.clientWidth,
        sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(layout.overlapsCredits, `badge and balance overlap at ${width} px`).toBe(false);
    expect(layout.covered, `covered points of the badge at ${width} px`).toEqual([]);
    expect(layout.clipped, `badge text clipped at ${width} px`).toBe(false);
    expect(layout.box.left).toBeGreaterThanOrEqual(0);
    expect(layout.box.right).toBeLessThanOrEqual(layout.viewport);
    expect(layout.sideways).toBeLessThanOrEqual(0);
  }
  await expectNoAxeViolations(page, { label: '/members/{id}/chat of a fictional profile at 375 px' });
  await rosa.context.close();
});
