import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

// Liking (issue 11) on a 375 px phone and on a desktop: the daily limit's countdown, the match
// modal of a mutual like, and a new like counted in the Likes badge and the page title until
// its profile is opened from /likes.

const SIZES = [
  { name: 'phone (375 px)', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
];

async function expectAccessible(page: Page, ...include: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A free member logged in in this page's context, a woman looking for men, activated (only
 * activated members can be liked). The auto-like of this browser session counts as asked
 * already (matching's own mark), so no new-like modal of a fictional profile covers the screens
 * and every new like counted here is the one the scenario gives.
 */
async function member(page: Page, label: string, name = 'Rosa'): Promise<number> {
  await skipEntryWarning(page);
  const email = newEmail(label);
  const id = await signupThroughApi(page.request, email, name);
  const response = await page.request.put('/api/profile.php', { data: { gender: 'female', sexuality: 'hetero' } });
  expect(response.status(), await response.text()).toBe(200);
  await activateThroughMail(page.request, email);
  const userId = ((await (await page.request.get('/api/user.php')).json()) as { user: { id: number } }).user.id;
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), `auto-like-asked:${userId}`);
  return id;
}

/** Another member, activated (so others see their profile), in a context of their own. */
async function otherMember(browser: Browser, label: string, name: string) {
  const context = await browser.newContext();
  const email = newEmail(label);
  const id = await signupThroughApi(context.request, email, name);
  await activateThroughMail(context.request, email);
  return { id, request: context.request, close: () => context.close() };
}

async function like(request: APIRequestContext, profileId: number) {
  const response = await request.post('/api/like.php', { data: { profile_id: profileId, source: 'profile' } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Profiles of the member's search, not the member's own. */
async function searchIds(page: Page, count: number): Promise<number[]> {
  const response = await page.request.get('/api/search.php?all=1');
  expect(response.status()).toBe(200);
  const ids = ((await response.json()) as { profiles: { id: number }[] }).profiles.map((profile) => profile.id);
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

const COUNTDOWN = /\d\d:\d\d:\d\d/;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('liking until the limit shows the countdown text', async ({ page }) => {
      await member(page, 'like-limit');
      const ids = await searchIds(page, 5);
      for (const id of ids.slice(0, 4)) await like(page.request, id);

      await page.goto(`/members/${ids[4]}`);
      const button = page.locator('#member-like');
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await button.click();

      const dialog = page.locator('#like-refusal-dialog');
      await expect(dialog).toBeVisible();
      const notice = dialog.locator('#like-limit-notice');
      await expect(notice).toContainText('You can give out 4 Likes per day. Tomorrow you may give another 4! Please wait: ');
      const timer = notice.getByRole('timer');
      await expect(timer).toHaveText(COUNTDOWN);
      // It counts down live.
      const first = await timer.textContent();
      await expect(timer).not.toHaveText(first!, { timeout: 3_000 });
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      // Not only the wait: Premium, whose Likes have no daily limit (issue 29).
      await expect(notice).toContainText('Premium members give Likes without a daily limit');
      await expect(notice.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
      await expectAccessible(page, '#like-refusal-dialog');

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // The swipe game at 0 Likes left: Like is off, with the countdown and the same offer; Pass works.
      await page.goto('/swipe-game');
      await expect(page.locator('.swipe-card--current')).toBeVisible();
      await expect(page.locator('#swipe-like')).toBeDisabled();
      await expect(page.locator('#swipe-pass')).toBeEnabled();
      const swipeNotice = page.locator('#swipe-limit-notice');
      await expect(swipeNotice.getByRole('timer')).toHaveText(COUNTDOWN);
      await expect(swipeNotice.getByRole('link', { name: 'Get Premium' })).toBeVisible();
    });

    test('a mutual like shows the match modal', async ({ page, browser }) => {
      const me = await member(page, 'match-me', 'Rosa');
      const other = await otherMember(browser, 'match-other', 'Bram');
      await like(other.request, me);

      await page.goto(`/members/${other.id}`);
      await expect(page.locator('#member-like + .like-state')).toHaveText('Likes you');
      const button = page.locator('#member-like');
      await button.click();

      const modal = page.locator('#match-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('heading', { name: "It's a match!" })).toBeVisible();
      await expect(modal.locator('#match-modal-name')).toContainText('Bram');
      // Both of them (issue 29): the member's own photo and name beside Bram's, and the price of a message.
      await expect(modal.locator('#match-modal-pair figure')).toHaveCount(2);
      await expect(modal.locator('#match-modal-own-name')).toHaveText('Rosa');
      await expect(modal.locator('#match-modal-price')).toHaveText(/^from \S+ per message$/);
      await expect(modal.getByRole('link', { name: 'Send a message' })).toHaveAttribute('href', `/members/${other.id}/chat`);
      await expectAccessible(page, '#match-modal');

      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('#member-like + .like-state')).toHaveText('Match');

      // Unliked and liked again, it is a match again; a click closes the modal too.
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await button.click();
      await expect(modal).toBeVisible();
      await modal.locator('#match-modal-name').click();
      await expect(modal).toBeHidden();

      await page.goto('/likes/matches');
      await expect(page.locator('#likes-grid .profile-card')).toHaveCount(1);
      await other.close();
    });

    test('the likes badge and the title prefix count a new like until it is opened', async ({ page, browser }) => {
      const me = await member(page, 'new-like', 'Rosa');
      const other = await otherMember(browser, 'new-like-other', 'Bram');

      await page.goto('/members');
      await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
      await expect(page).not.toHaveTitle(/^\(\d+\)/);
      await like(other.request, me);

      // The likes refresh 5 s after the first load, then every 60 s.
      await expect(page).toHaveTitle(/^\(1\) /, { timeout: 15_000 });
      // On a phone the likes live in the bottom tab bar (issue 29), above md in the top bar.
      const likesLink = page.locator(size.name.startsWith('phone') ? '#tab-likes' : '#nav-likes');
      const badge = likesLink.locator('.badge');
      await expect(badge).toBeVisible();
      await expect(badge).toHaveText('1');
      await expectAccessible(page, 'nav');

      await likesLink.click();
      await expect(page).toHaveURL(/\/likes$/);
      const card = page.locator('#likes-grid .profile-card');
      await expect(card).toHaveCount(1);
      await expect(page.locator('#likes-grid .likes-new')).toBeVisible();
      await expectAccessible(page, '#main-content');

      await card.locator('a').click();
      await expect(page).toHaveURL(new RegExp(`/likes/m/${other.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Bram');
      await expect(page).not.toHaveTitle(/^\(\d+\)/);
      await expect(likesLink.locator('.badge')).toHaveCount(0);
      await other.close();
    });
  });
}

test('a like made before the live channel opened reaches the badge when it opens, not at the next poll', async ({ page, browser }) => {
  const me = await member(page, 'like-before-socket', 'Rosa');
  const other = await otherMember(browser, 'like-before-socket-other', 'Bram');
  // The channel opens only after the first screen settled (a phone's slow start, say): held here
  // until the like is made, so no like frame can reach this tab.
  let openChannel = () => {};
  const channelHeld = new Promise<void>((resolve) => (openChannel = resolve));
  await page.routeWebSocket(/\/api\/live$/, async (socket) => {
    await channelHeld;
    socket.connectToServer();
  });
  // The likes' refresh 5 s after their first answer has passed too: the next poll is a minute away.
  let likesAnswers = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/likes.php') likesAnswers++;
  });
  await page.goto('/members');
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  await expect.poll(() => likesAnswers, { timeout: 15_000 }).toBe(2);
  await like(other.request, me);
  await expect(page).not.toHaveTitle(/^\(\d+\)/);

  openChannel();
  // The hello counts one new like, the app none: it reloads its likes.
  await expect(page).toHaveTitle(/^\(1\) /);
  await expect(page.locator('#nav-likes .badge')).toHaveText('1');
  await other.close();
});
