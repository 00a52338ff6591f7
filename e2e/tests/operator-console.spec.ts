/**
 * Issue 15: the operator console in the browser, against the real server and database. A member
 * writes to a fictional profile; the admin (every permission) opens the conversations queue on a
 * 375 px screen, claims the conversation, reads and writes the shared note, tries to propose a
 * meeting (warned while typing, Send held, and the server refuses it too), then answers; the
 * member's open chat shows the answer at once (live channel), under the fictional badge.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';
import { loginAsDemoAdmin } from '../support/staff';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

// A member signing up, a fictional profile created, a TOTP login and several screens.
test.describe.configure({ timeout: 120_000 });

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an operator claims a conversation, keeps the note, is refused a meeting and answers; the member sees it at once with the fictional badge', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAsDemoAdmin(page);

  // A fictional profile of its own on the demo site, so the queue row is this scenario's.
  const { sites } = (await (await page.request.get('/admin/api/fictional-profiles/sites')).json()) as {
    sites: { id: number; domain: string; countries: string[] }[];
  };
  const site = sites.find((s) => s.domain === 'localhost') ?? sites[0]!;
  const fictionalName = `Lena ${Date.now() % 100_000}`;
  const created = await page.request.post('/admin/api/fictional-profiles', {
    data: {
      site_id: site.id,
      name: fictionalName,
      gender: 'female',
      sexuality: 'hetero',
      date_of_birth: '1994-07-12',
      country: site.countries.includes('GB') ? 'GB' : site.countries[0],
      city: 'Bristol',
      about: 'Sea swimming and old maps.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const fictionalId = ((await created.json()) as { id: number }).id;

  // The member writes to her from the chat screen (a phone).
  const context = await browser.newContext(PHONE);
  await skipEntryWarning(context);
  const email = newEmail('operator-member');
  const memberName = `Rosa ${Date.now() % 100_000}`;
  await signupThroughApi(context.request, email, memberName);
  await activateThroughMail(context.request, email);
  const userId = ((await (await context.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  await context.addInitScript((key) => window.sessionStorage.setItem(key, '1'), `auto-like-asked:${userId}`);
  const member = await context.newPage();
  await member.goto(`/members/${fictionalId}/chat`);
  const icebreakers = member.getByRole('dialog', { name: 'Icebreakers' });
  await expect(icebreakers).toBeVisible();
  await icebreakers.getByRole('button', { name: 'Close' }).click();
  await expect(member.locator('#chat-fictional-badge')).toBeVisible();
  const hello = 'Hi Lena, I love sea swimming too. Where do you swim?';
  const messageBox = member.getByRole('textbox', { name: `Your message to ${fictionalName}` });
  await messageBox.fill(hello);
  await member.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageBox).toHaveValue('');
  const conversation = member.getByRole('region', { name: `Messages with ${fictionalName}` });
  await expect(conversation.getByRole('listitem').filter({ hasText: hello })).toHaveCount(1);

  // The operator's queue: the member's conversation, waiting, with the start of the message.
  await page.getByRole('link', { name: 'Conversations' }).click();
  await expect(page).toHaveURL(/\/admin\/operator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations waiting for an answer' })).toBeVisible();
  const open = page.getByRole('link', { name: `Answer ${memberName} as ${fictionalName}` });
  await expect(open).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: open });
  await expect(row).toContainText(hello);
  await expect(row).toContainText(/waiting \d+ (s|min)/);
  await expectNoAxeViolations(page, { label: 'operator queue' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  // Opening it claims it.
  await open.click();
  await expect(page).toHaveURL(/\/admin\/operator\/\d+$/);
  const conversationId = Number(/\/admin\/operator\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText('You are answering this conversation.', { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(hello);
  await expect(page.getByText('No note yet.')).toBeVisible();

  // The note: written, saved, and there again when the screen is opened anew.
  const note = page.getByLabel(/^Note \(shared with every operator/);
  await note.fill('Swims in the sea; lives near the coast.');
  await page.getByRole('button', { name: 'Save the note' }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();
  await expect(page.getByText(/^Last edited by .+ UTC$/)).toBeVisible();
  await page.reload();
  await expect(page.getByText('You are answering this conversation.', { exact: false })).toBeVisible();
  await expect(note).toHaveValue('Swims in the sea; lives near the coast.');
  await expect(page.getByText(/^Last edited by .+ UTC$/)).toBeVisible();
  await expectNoAxeViolations(page, { label: 'operator answer screen' });
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  // A meeting proposal: warned while typing, Send held; the server refuses it as well.
  const reply = page.getByRole('textbox', { name: `Your reply as ${fictionalName}` });
  const meeting = "Let's meet Saturday at the station";
  await reply.fill(meeting);
  await expect(page.getByText(/it proposes a meeting/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  const refused = await page.request.post(`/admin/api/operator/conversations/${conversationId}/messages`, {
    data: { text: meeting, client_id: randomUUID() },
  });
  expect(refused.status(), await refused.text()).toBe(400);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('reply_refused_meeting');
  await expect(conversation.getByRole('listitem').filter({ hasText: meeting })).toHaveCount(0);

  // The answer goes out; the operator is back at the queue, where the conversation no longer waits.
  const answer = 'The harbour beach at sunrise, the water is calm then. How cold do you go?';
  await reply.fill(answer);
  await expect(page.getByText(/it proposes a meeting/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/operator$/);
  await expect(page.getByRole('link', { name: `Answer ${memberName} as ${fictionalName}` })).toHaveCount(0);

  // The member's open chat shows it at once, with the fictional badge in the header.
  await expect(conversation.getByRole('listitem').filter({ hasText: answer })).toHaveCount(1);
  await expect(member.locator('#chat-fictional-badge')).toBeVisible();
  await context.close();
});
