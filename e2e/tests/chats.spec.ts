import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { chunkOf } from '../support/build-chunks';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

// Chats (issue 12) in the browser against the real server and database: two members in two
// browser contexts (a 375 px phone and a desktop) chatting live with typing and read states and
// the Messages badge; a message written offline that arrives once; a live channel that could not
// load offline, back with the connection and the read it missed; running out of credits; the
// desktop's Enter and Shift+Enter; axe on the chat screens of a phone.

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
/** The live channel with the chats store: a lazy chunk, downloaded once the first screen has settled. */
const LIVE_CHANNEL_CHUNK = chunkOf('src/features/chats/chats-live.ts');

// Two members signing up and activating, then several screens each: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

interface Member {
  id: number;
  name: string;
  context: BrowserContext;
  page: Page;
}

/**
 * An activated member (20 signup credits on the demo site, a message costs 10) logged in in a
 * browser context of their own. As in the likes scenarios, the tab counts its auto-like as asked,
 * so no new-like modal of a fictional profile covers the screens and no new like adds to the
 * title's count: every count seen here is a message of the scenario.
 */
async function member(browser: Browser, label: string, name: string, options: typeof PHONE | typeof DESKTOP): Promise<Member> {
  const context = await browser.newContext(options);
  await skipEntryWarning(context);
  const email = newEmail(label);
  const id = await signupThroughApi(context.request, email, name);
  await activateThroughMail(context.request, email);
  const userId = ((await (await context.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  await context.addInitScript((key) => window.sessionStorage.setItem(key, '1'), `auto-like-asked:${userId}`);
  // The welcome offer's modal (40 s after entering with 0 credits, from activation on) is the
  // subject of direct-debit-phone.spec.ts; here it would cover the chat of a member who spent her credits.
  await context.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), `time-bonus-modal-dismissed:${userId}`);
  return { id, name, context, page: await context.newPage() };
}

/** Sends a text through the real API (as the app's outbox does), to arrange a conversation or a balance. */
async function sendThroughApi(from: Member, to: Member, text: string): Promise<{ credits: number }> {
  const response = await from.context.request.post('/api/message.php', { data: { profile_id: to.id, client_id: randomUUID(), text } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { credits: number };
}

/** The stored texts of the member's conversation with `partner`, as the server answers them. */
async function storedTexts(of: Member, partner: Member): Promise<string[]> {
  const response = await of.context.request.get(`/api/chat.php?profile=${partner.id}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { messages: { text: string | null }[] }).messages.map((message) => message.text ?? '');
}

const messages = (page: Page, partnerName: string) => page.getByRole('region', { name: `Messages with ${partnerName}` });
const messageBox = (page: Page, partnerName: string) => page.getByRole('textbox', { name: `Your message to ${partnerName}` });
/** The bubbles (list items of the message list) that hold `text`. */
const bubbles = (page: Page, partnerName: string, text: string): Locator =>
  messages(page, partnerName).getByRole('listitem').filter({ hasText: text });
/** The sent / delivered / read (or sending / waiting) mark of an own message. */
const stateOf = (page: Page, partnerName: string, text: string) => bubbles(page, partnerName, text).locator('.chat-state');

/** An empty conversation opens the icebreakers by itself: closed here, the focus goes to the message box. */
async function closeIcebreakers(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Icebreakers' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('two members chat live: the message at once, typing, read, the reply, and the Messages badge for the one not looking', async ({
  browser,
}) => {
  const rosa = await member(browser, 'chat-live-a', 'Rosa', PHONE);
  const bram = await member(browser, 'chat-live-b', 'Bram', DESKTOP);

  // Bram is somewhere else on the site: nothing unread yet.
  await bram.page.goto('/members');
  await expect(bram.page.locator('#search-results .profile-card').first()).toBeVisible();
  await expect(bram.page).not.toHaveTitle(/^\(\d+\)/);
  await expect(bram.page.locator('#nav-chats .badge')).toHaveCount(0);

  // Rosa (phone) writes from Bram's profile: the empty conversation offers icebreakers; she takes one.
  await rosa.page.goto(`/members/${bram.id}`);
  await rosa.page.getByRole('link', { name: 'Send a message' }).click();
  await expect(rosa.page).toHaveURL(new RegExp(`/members/${bram.id}/chat$`));
  const icebreakers = rosa.page.getByRole('dialog', { name: 'Icebreakers' });
  const opener = icebreakers.locator('#icebreaker-list').getByRole('button').first();
  await expect(opener).toBeVisible();
  const first = (await opener.textContent())!.trim();
  await opener.click();
  await expect(icebreakers).toBeHidden();
  await expect(messageBox(rosa.page, 'Bram')).toHaveValue(first);
  await rosa.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageBox(rosa.page, 'Bram')).toHaveValue('');
  await expect(bubbles(rosa.page, 'Bram', first)).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', first)).toHaveAttribute('data-state', /^(sent|delivered)$/);
  await expect(rosa.page.getByRole('link', { name: 'Your balance: 10 credits' })).toBeVisible();

  // Bram, not looking at the conversation, sees it counted at once (live channel): badge and title.
  await expect(bram.page.locator('#nav-chats .badge')).toHaveText('1');
  await expect(bram.page.getByRole('link', { name: /Messages.*Unread messages: 1/ })).toBeVisible();
  await expect(bram.page).toHaveTitle(/^\(1\) /);

  // He opens it from the list (desktop: the list stays beside the conversation).
  await bram.page.getByRole('link', { name: /Messages.*Unread messages: 1/ }).click();
  await expect(bram.page).toHaveURL(/\/chats$/);
  const list = bram.page.getByRole('list', { name: 'Conversations' });
  const item = list.getByRole('link', { name: /Rosa/ });
  await expect(item).toContainText('Unread messages: 1');
  await item.click();
  await expect(bram.page).toHaveURL(/\/chats\/\d+$/);
  const conversation = Number(/\/chats\/(\d+)$/.exec(bram.page.url())![1]);
  await expect(bubbles(bram.page, 'Rosa', first)).toHaveCount(1);
  await expect(bram.page).not.toHaveTitle(/^\(\d+\)/);
  await expect(item).not.toContainText('Unread messages');
  // From here on Bram's tab is never reloaded: what arrives comes through the live channel.
  await bram.page.evaluate(() => ((window as unknown as { chatScenarioMark: number }).chatScenarioMark = 1));

  // Bram has it open: Rosa's message shows as read.
  await expect(stateOf(rosa.page, 'Bram', first)).toHaveAttribute('data-state', 'read');
  await expect(bubbles(rosa.page, 'Bram', first).getByText('Read', { exact: true })).toBeAttached();

  // Bram types: Rosa sees it.
  const typing = rosa.page.getByText('Bram is typing…');
  await expect(typing).toHaveCount(0);
  const reply = 'Hi Rosa, nice to hear from you! How was your weekend?';
  await messageBox(bram.page, 'Rosa').fill(reply);
  await expect(typing).toBeVisible();

  // He sends; Rosa has the conversation open, so it arrives there at once and shows read for him.
  await bram.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubbles(rosa.page, 'Bram', reply)).toHaveCount(1);
  await expect(typing).toHaveCount(0);
  await expect(stateOf(bram.page, 'Rosa', reply)).toHaveAttribute('data-state', 'read');
  await expect(bubbles(bram.page, 'Rosa', reply)).toHaveCount(1);

  // Rosa answers: it appears in Bram's open conversation without a reload, and reads as read for her.
  const answer = 'Lovely, thanks! I went hiking in the hills.';
  await messageBox(rosa.page, 'Bram').fill(answer);
  await rosa.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubbles(bram.page, 'Rosa', answer)).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', answer)).toHaveAttribute('data-state', 'read');
  await expect(rosa.page.getByRole('link', { name: 'Your balance: 0 credits' })).toBeVisible();
  expect(await bram.page.evaluate(() => (window as unknown as { chatScenarioMark?: number }).chatScenarioMark)).toBe(1);
  await expect(bram.page).not.toHaveTitle(/^\(\d+\)/);

  // Now Rosa looks elsewhere on the site; Bram writes again: her badge and title count it.
  await rosa.page.getByRole('link', { name: 'Back to messages' }).click();
  await expect(rosa.page).toHaveURL(/\/chats$/);
  await rosa.page.getByRole('link', { name: /^Back to (?!messages)/ }).click();
  await expect(rosa.page).toHaveURL(/\/members$/);
  await expect(rosa.page.locator('#search-results .profile-card').first()).toBeVisible();
  await expect(rosa.page).not.toHaveTitle(/^\(\d+\)/);
  const again = 'Hiking! Where did you go?';
  await messageBox(bram.page, 'Rosa').fill(again);
  await bram.page.keyboard.press('Enter');
  await expect(bubbles(bram.page, 'Rosa', again)).toHaveCount(1);
  await expect(rosa.page).toHaveTitle(/^\(1\) /);
  // On her phone the main places are the bottom tab bar (issue 29), with the same badge.
  await expect(rosa.page.locator('#tab-chats .badge')).toHaveText('1');
  await rosa.page
    .locator('#bottom-tab-bar')
    .getByRole('link', { name: /Messages.*Unread messages: 1/ })
    .click();
  await expect(rosa.page).toHaveURL(/\/chats$/);
  await rosa.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Bram/ }).click();
  await expect(rosa.page).toHaveURL(new RegExp(`/chats/${conversation}$`));
  await expect(bubbles(rosa.page, 'Bram', again)).toHaveCount(1);
  await expect(rosa.page).not.toHaveTitle(/^\(\d+\)/);
  await expect(stateOf(bram.page, 'Rosa', again)).toHaveAttribute('data-state', 'read');

  expect(await storedTexts(bram, rosa)).toEqual([first, reply, answer, again]);
  await rosa.context.close();
  await bram.context.close();
});

test('a message written offline waits, is sent once the connection is back, and arrives once', async ({ browser }) => {
  const rosa = await member(browser, 'chat-offline-a', 'Rosa', PHONE);
  const bram = await member(browser, 'chat-offline-b', 'Bram', DESKTOP);
  const hello = 'Hello Bram, are you around?';
  await sendThroughApi(rosa, bram, hello);

  await bram.page.goto('/chats');
  await bram.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Rosa/ }).click();
  await expect(bubbles(bram.page, 'Rosa', hello)).toHaveCount(1);
  await rosa.page.goto(`/members/${bram.id}/chat`);
  await expect(bubbles(rosa.page, 'Bram', hello)).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', hello)).toHaveAttribute('data-state', 'read');

  // Offline (a tunnel, a sleeping phone): the message is kept and shows as waiting.
  await rosa.context.setOffline(true);
  await expect.poll(() => rosa.page.evaluate(() => navigator.onLine)).toBe(false);
  const offline = 'Written in the tunnel, sent once we are out';
  await messageBox(rosa.page, 'Bram').fill(offline);
  await rosa.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageBox(rosa.page, 'Bram')).toHaveValue('');
  await expect(bubbles(rosa.page, 'Bram', offline)).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', offline)).toHaveAttribute('data-state', 'waiting');
  await expect(bubbles(rosa.page, 'Bram', offline).getByText('Waiting for a connection…', { exact: true })).toBeAttached();
  expect(await storedTexts(rosa, bram)).toEqual([hello]);
  await expect(bubbles(bram.page, 'Rosa', offline)).toHaveCount(0);

  // Back online: sent by itself, once; Bram, who has it open, gets it at once and reads it.
  await rosa.context.setOffline(false);
  await expect(bubbles(bram.page, 'Rosa', offline)).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', offline)).toHaveAttribute('data-state', 'read');
  await expect(bubbles(rosa.page, 'Bram', offline)).toHaveCount(1);
  expect(await storedTexts(rosa, bram)).toEqual([hello, offline]);

  // The same after a reload on both sides: nothing doubled, the order kept.
  for (const [page, partner] of [
    [rosa.page, 'Bram'],
    [bram.page, 'Rosa'],
  ] as const) {
    await page.reload();
    await expect(bubbles(page, partner, hello)).toHaveCount(1);
    await expect(bubbles(page, partner, offline)).toHaveCount(1);
    await expect(messages(page, partner).getByRole('listitem')).toHaveCount(2);
  }
  expect(await storedTexts(bram, rosa)).toEqual([hello, offline]);
  await rosa.context.close();
  await bram.context.close();
});

test('a phone that lost its connection while the page settled gets its live channel once back, with the read it missed', async ({
  browser,
}) => {
  const rosa = await member(browser, 'chat-late-a', 'Rosa', PHONE);
  const bram = await member(browser, 'chat-late-b', 'Bram', DESKTOP);
  const hello = 'Are you up for a walk on Sunday?';
  await sendThroughApi(rosa, bram, hello);

  // Rosa's phone drops its connection just as it downloads the live channel (a lazy chunk
  // loaded once the first screen has settled): the chunk fails, and no socket listens for her.
  // The download is held until the conversation shows, so only the chunk meets the tunnel.
  let chunkAsked = false;
  let chunkFailed = false;
  let cutConnection: () => void = () => {};
  const connectionCut = new Promise<void>((resolve) => (cutConnection = resolve));
  await rosa.context.route(`**${LIVE_CHANNEL_CHUNK}`, async (route) => {
    if (chunkAsked) return route.continue();
    chunkAsked = true;
    await connectionCut;
    await route.abort('internetdisconnected');
    chunkFailed = true;
  });
  await rosa.page.goto(`/members/${bram.id}/chat`);
  await expect(bubbles(rosa.page, 'Bram', hello)).toHaveCount(1);
  await expect.poll(() => chunkAsked).toBe(true);
  await rosa.context.setOffline(true);
  await expect.poll(() => rosa.page.evaluate(() => navigator.onLine)).toBe(false);
  cutConnection();
  await expect.poll(() => chunkFailed).toBe(true);
  await expect(stateOf(rosa.page, 'Bram', hello)).toHaveAttribute('data-state', 'sent');

  // Meanwhile Bram reads it: the read receipt finds no socket of hers to go to.
  await bram.page.goto('/chats');
  await bram.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Rosa/ }).click();
  await expect(bubbles(bram.page, 'Rosa', hello)).toHaveCount(1);
  await expect
    .poll(
      async () =>
        ((await (await rosa.context.request.get(`/api/chat.php?profile=${bram.id}`)).json()) as { partner_read_up_to: number })
          .partner_read_up_to,
    )
    .toBeGreaterThan(0);
  await expect(stateOf(rosa.page, 'Bram', hello)).toHaveAttribute('data-state', 'sent');

  // Back online: the channel loads at once (not a minute later), its first hello brings the read,
  // and Bram's answer arrives live.
  await rosa.context.setOffline(false);
  await expect(stateOf(rosa.page, 'Bram', hello)).toHaveAttribute('data-state', 'read');
  const answer = 'Sunday works. The dunes at ten?';
  await messageBox(bram.page, 'Rosa').fill(answer);
  await bram.page.keyboard.press('Enter');
  await expect(bubbles(rosa.page, 'Bram', answer)).toHaveCount(1);
  await expect(stateOf(bram.page, 'Rosa', answer)).toHaveAttribute('data-state', 'read');
  await rosa.context.close();
  await bram.context.close();
});

test('without enough credits: Send is off with the missing credits and Buy credits, the text still in the box, nothing sent', async ({
  browser,
}) => {
  const rosa = await member(browser, 'chat-credits-a', 'Rosa', PHONE);
  const bram = await member(browser, 'chat-credits-b', 'Bram', DESKTOP);
  // Her 20 signup credits go on two messages of 10 each: the balance is 0.
  await sendThroughApi(rosa, bram, 'Hi Bram!');
  expect((await sendThroughApi(rosa, bram, 'Are you there?')).credits).toBe(0);

  await rosa.page.goto(`/members/${bram.id}/chat`);
  await expect(bubbles(rosa.page, 'Bram', 'Are you there?')).toHaveCount(1);
  await expect(rosa.page.getByRole('link', { name: 'Your balance: 0 credits' })).toBeVisible();
  // The price of a message, with the best package's money price (issue 29).
  await expect(rosa.page.locator('#chat-price')).toHaveText(/^10 credits( · from \S+ per message)?$/);

  // On a phone Enter starts a new line; Send is off before the server would refuse (issue 29).
  const box = messageBox(rosa.page, 'Bram');
  await box.click();
  await rosa.page.keyboard.type('Shall we meet');
  await rosa.page.keyboard.press('Enter');
  await rosa.page.keyboard.type('on Friday?');
  const text = 'Shall we meet\non Friday?';
  await expect(box).toHaveValue(text);
  const missing = rosa.page.locator('#chat-missing-credits');
  await expect(missing).toContainText('You need 10 more credits to send this.');
  await expect(rosa.page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await expect(bubbles(rosa.page, 'Bram', 'on Friday?')).toHaveCount(0);
  expect(await storedTexts(rosa, bram)).toEqual(['Hi Bram!', 'Are you there?']);
  await expectNoAxeViolations(rosa.page, { include: '.chat-footer', label: 'the footer below the price' });

  await missing.getByRole('link', { name: 'Buy credits' }).click();
  await expect(rosa.page).toHaveURL(/\/credits$/);
  await rosa.page.goBack();
  await expect(messageBox(rosa.page, 'Bram')).toHaveValue(text);
  await rosa.context.close();
  await bram.context.close();
});

test('on a desktop Enter sends and Shift+Enter starts a new line', async ({ browser }) => {
  const rosa = await member(browser, 'chat-keys-a', 'Rosa', DESKTOP);
  const bram = await member(browser, 'chat-keys-b', 'Bram', DESKTOP);
  await rosa.page.goto(`/members/${bram.id}/chat`);
  await closeIcebreakers(rosa.page);

  const box = messageBox(rosa.page, 'Bram');
  await expect(box).toBeFocused();
  await rosa.page.keyboard.type('First line');
  await rosa.page.keyboard.press('Shift+Enter');
  await rosa.page.keyboard.type('second line');
  await expect(box).toHaveValue('First line\nsecond line');
  await expect(messages(rosa.page, 'Bram').getByRole('listitem')).toHaveCount(0);

  await rosa.page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(bubbles(rosa.page, 'Bram', 'second line')).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', 'second line')).toHaveAttribute('data-state', /^(sent|delivered)$/);
  expect(await storedTexts(rosa, bram)).toEqual(['First line\nsecond line']);

  // Enter on an empty box sends nothing.
  await rosa.page.keyboard.press('Enter');
  await expect(messages(rosa.page, 'Bram').getByRole('listitem')).toHaveCount(1);
  expect(await storedTexts(rosa, bram)).toEqual(['First line\nsecond line']);
  await rosa.context.close();
  await bram.context.close();
});

test('the chat screens on a 375 px phone pass axe: the list and a conversation', async ({ browser }) => {
  const rosa = await member(browser, 'chat-axe-a', 'Rosa', PHONE);
  const bram = await member(browser, 'chat-axe-b', 'Bram', DESKTOP);
  await sendThroughApi(bram, rosa, 'Hi Rosa! I liked your photos.');
  await sendThroughApi(rosa, bram, 'Thank you, Bram!');
  await sendThroughApi(bram, rosa, 'Coffee some day?');

  await rosa.page.goto('/chats');
  await expect(rosa.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const item = rosa.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Bram/ });
  await expect(item).toContainText('Coffee some day?');
  await expect(item).toContainText('Unread messages: 2');
  await expectNoAxeViolations(rosa.page, { label: '/chats (a conversation with unread messages)' });

  await item.click();
  await expect(rosa.page).toHaveURL(/\/chats\/\d+$/);
  await expect(bubbles(rosa.page, 'Bram', 'Coffee some day?')).toHaveCount(1);
  await expect(stateOf(rosa.page, 'Bram', 'Thank you, Bram!')).toHaveAttribute('data-state', /^(sent|delivered|read)$/);
  await expect(rosa.page.getByRole('heading', { level: 1, name: 'Bram' })).toBeVisible();
  // On a phone the conversation is the screen; the list is the one before it.
  await expect(rosa.page.getByRole('list', { name: 'Conversations' })).toBeHidden();
  await expectNoAxeViolations(rosa.page, { label: '/chats/{id} (own and partner messages)' });
  await rosa.context.close();
  await bram.context.close();
});
