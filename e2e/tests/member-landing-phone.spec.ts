import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { PASSWORD, newEmail, skipEntryWarning, useOwnAddress } from '../support/members';

/**
 * Member landing pages on a 375 px phone (issue 31). A visitor opens /members/{id}/landing of a
 * demo profile, sees it with its fictional disclosure, writes to it, signs up, activates through
 * the dev mailbox and finds the conversation with that profile holding the message. Unknown
 * members and unknown {token} static pages answer 404; the signup page shows its members strip.
 */
test.use({ viewport: { width: 375, height: 812 } });

interface Card {
  id: number;
  name: string;
  age: number;
  is_fictional: boolean;
}

/** A demo profile from the visitor's search (the demo site lets visitors search): a fictional one when there is one. */
async function demoProfile(page: Page): Promise<Card> {
  const response = await page.request.get('/api/search.php');
  expect(response.ok(), await response.text()).toBe(true);
  const { profiles } = (await response.json()) as { profiles: Card[] };
  const card = profiles.find((p) => p.is_fictional) ?? profiles[0];
  expect(card, 'the demo seed has profiles').toBeTruthy();
  return card!;
}

const noSidewaysScrolling = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a visitor writes to a profile from its landing page, signs up, activates and finds the conversation with the message', async ({
  page,
}) => {
  // Signup, the mailbox, activation and the chats: one long flow.
  test.setTimeout(90_000);
  await skipEntryWarning(page);
  const profile = await demoProfile(page);
  await page.goto(`/members/${profile.id}/landing?network=e2e&sub1=landing`);
  await expect(page.getByRole('heading', { level: 1, name: `${profile.name}, ${profile.age}` })).toBeVisible();
  if (profile.is_fictional) {
    await expect(page.locator('#landing-fictional-badge')).toBeVisible();
    await expect(page.locator('#landing-fictional-warning')).toBeVisible();
  }
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  await expectNoAxeViolations(page, { label: 'member landing page, the profile' });
  expect(await noSidewaysScrolling(page), 'no sideways scrolling at 375 px').toBe(true);

  // An empty message is refused in words; then the message, and the box becomes the signup.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Write a message first')).toBeVisible();
  const message = `Hello ${profile.name}, I saw your profile ${Date.now()}`;
  await page.getByLabel(`Your message to ${profile.name}`).fill(message);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up to send your message' })).toBeFocused();
  await expect(page.locator('#signup-message')).toHaveValue(message);

  const email = newEmail('landing');
  await page.locator('label[for="signup-gender-male"]').click();
  await page.locator('label[for="signup-looking-for-female"]').click();
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-name').fill('Timo');
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-date-of-birth-day').selectOption('15');
  await page.locator('#signup-date-of-birth-month').selectOption('05');
  await page.locator('#signup-date-of-birth-year').selectOption('1990');
  await page.locator('label.consent-check-target[for="signup-consent-terms"]').click();
  await expectNoAxeViolations(page, { label: 'member landing page, the signup' });
  expect(await noSidewaysScrolling(page), 'no sideways scrolling with the form').toBe(true);
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/signup.php')
      sent.push(request.postDataJSON() as Record<string, unknown>);
  });
  await useOwnAddress(page);
  await page.locator('#signup-submit').click();
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]).toMatchObject({ signup_profile_id: profile.id, signup_message: message, landing_page: `/members/${profile.id}/landing` });
  await expect(page).toHaveURL(/\/members\?api_signup_complete=1$/);

  // Activation through the dev mailbox, as the account scenarios do; the overview of members follows.
  await page.goto('/dev/mailbox');
  await page.locator('#mailbox li.mail', { hasText: email }).first().locator('a[href*="/api/activate.php"]').first().click();
  await expect(page).toHaveURL(/\/activate\/done$/);
  const overview = page.getByRole('region', { name: /^Who is on / });
  await expect(overview.getByRole('listitem').first()).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Search all members' })).toHaveAttribute('href', '/members');
  await expectNoAxeViolations(page, { include: '#activate-done-overview', label: 'activate-done, the members overview' });

  // The conversation with that profile holds the message.
  await page.goto('/chats');
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(profile.name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversation = page.getByRole('region', { name: `Messages with ${profile.name}` });
  await expect(conversation.getByRole('listitem').filter({ hasText: message })).toHaveCount(1);

  // A member who opens a landing page goes on to the profile page.
  await page.goto(`/members/${profile.id}/landing2/romance`);
  await expect(page).toHaveURL(new RegExp(`/members/${profile.id}$`));
});

test('the other designs show the profile; unknown members and unknown static page tokens answer 404', async ({ page }) => {
  test.setTimeout(60_000);
  await skipEntryWarning(page);
  const profile = await demoProfile(page);
  await page.goto(`/members/${profile.id}/landing3/night`);
  await expect(page.getByRole('heading', { level: 1, name: "Don't spend tonight alone" })).toBeVisible();
  await expect(page.locator('#landing-name')).toHaveText(`${profile.name}, ${profile.age}`);
  await expectNoAxeViolations(page, { label: 'member landing page 3' });
  await page.goto(`/members/${profile.id}/signup`);
  await expect(page.getByRole('heading', { level: 1, name: `Sign up free to write to ${profile.name}` })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'member signup page' });

  await page.goto('/members/99999999/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();

  const unknownToken = await page.goto('/pages/no-such-page');
  expect(unknownToken?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();

  // The signup page's members strip: a list of cards from the visitor's search.
  await page.goto('/signup');
  const strip = page.getByRole('list', { name: /^Members you can meet on / });
  await expect(strip.getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page, { include: '#signup-members-strip', label: 'signup, the members strip' });
  expect(await noSidewaysScrolling(page), 'the strip scrolls inside itself, not the page').toBe(true);
});
