import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

// The swipe game, the match finder and the auto-like's t=<seconds> (issue 11), on a 375 px phone
// and on a desktop: the same flows, each screen checked with axe.

const SIZES = [
  { name: 'phone (375 px)', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
];

/** axe's WCAG A/AA rules and best practices over the parts of the screen this scenario is about. */
async function expectAccessible(page: Page, ...include: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A woman of the English demo site (38) looking for men, logged in in this page's context. */
async function member(page: Page, label: string) {
  await skipEntryWarning(page);
  await signupThroughApi(page.request, newEmail(label));
  const response = await page.request.put('/api/profile.php', { data: { gender: 'female', sexuality: 'hetero' } });
  expect(response.status(), await response.text()).toBe(200);
}

async function likedIds(page: Page): Promise<number[]> {
  const response = await page.request.get('/api/likes.php');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { profiles: { id: number }[] }).profiles.map((entry) => entry.id).sort((a, b) => a - b);
}

/** The name on a card heading "Name, age". */
const nameOf = (heading: string) => heading.replace(/,\s*\d+$/, '').trim();
/** The ages on the suggestion cards ("Name, age"). */
async function agesOf(page: Page, list: string): Promise<number[]> {
  const names = await page.locator(`${list} .profile-card__name`).allTextContents();
  return names.map((text) => Number(/(\d+)\s*$/.exec(text)![1]));
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('swipes three cards with the arrow keys and one by dragging it', async ({ page }) => {
      await member(page, 'swipe');
      await page.goto('/swipe-game');
      const top = page.locator('.swipe-card--current');
      await expect(top).toBeVisible();
      await expectAccessible(page, '.swipe-game');

      const liked: number[] = [];
      const seen: number[] = [];
      for (const [key, said] of [
        ['ArrowRight', 'You liked'],
        ['ArrowLeft', 'You passed on'],
        ['ArrowRight', 'You liked'],
      ] as const) {
        const id = Number(await top.getAttribute('data-profile-id'));
        const name = nameOf(await top.locator('h2').innerText());
        await page.keyboard.press(key);
        await expect(page.locator('#swipe-announcement')).toContainText(`${said} ${name}.`);
        await expect(top).not.toHaveAttribute('data-profile-id', String(id));
        seen.push(id);
        if (key === 'ArrowRight') liked.push(id);
      }

      // A drag to the right with the mouse (the same pointer events as a finger) likes the card on top.
      const dragged = Number(await top.getAttribute('data-profile-id'));
      const draggedName = nameOf(await top.locator('h2').innerText());
      const box = (await top.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 3];
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++) await page.mouse.move(x + step * 20, y + step * 2);
      await page.mouse.up();
      await expect(page.locator('#swipe-announcement')).toContainText(`You liked ${draggedName}.`);
      liked.push(dragged);
      seen.push(dragged);

      await expect.poll(() => likedIds(page)).toEqual([...liked].sort((a, b) => a - b));
      // Liked and passed profiles do not come back.
      await page.reload();
      await expect(top).toBeVisible();
      expect(seen).not.toContain(Number(await top.getAttribute('data-profile-id')));
    });

    test('the match finder suggests members of each age group', async ({ page }) => {
      await member(page, 'finder');
      await page.goto('/match-finder');
      await expect(page.locator('#match-finder-premium')).toContainText('46%');

      await page.locator('label[for="age-group-18-35"]').click();
      await expect(page).toHaveURL(/age_group=18-35/);
      const results = page.locator('#match-finder-results .profile-card');
      await expect(results.first()).toBeVisible();
      expect((await agesOf(page, '#match-finder-results')).filter((age) => age < 18 || age > 35)).toEqual([]);
      await expectAccessible(page, '#main-content');

      // The other group with the keyboard: the checked radio has the focus, the arrow moves the choice.
      await page.locator('#age-group-18-35').focus();
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(/age_group=35%2B/);
      await expect(page.locator('#age-group-35-plus')).toBeChecked();
      await expect.poll(async () => (await agesOf(page, '#match-finder-results')).every((age) => age >= 35)).toBe(true);
      await expect(results.first()).toBeVisible();

      const like = results.first().getByRole('button', { name: /^Like / });
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
    });

    test('t=<seconds> shows the new-like modal after that many seconds and leaves the address', async ({ page }) => {
      const email = newEmail('auto-like');
      await skipEntryWarning(page);
      await signupThroughApi(page.request, email);
      // The site's rules send auto-likes once the account is activated.
      await activateThroughMail(page.request, email);

      const loaded = Date.now();
      await page.goto('/notifications?from=mail&t=3');
      const modal = page.locator('#match-modal');
      await expect(modal).toBeVisible({ timeout: 15_000 });
      expect(Date.now() - loaded).toBeGreaterThanOrEqual(3_000);
      await expect(page).toHaveURL(/\/notifications\?from=mail$/);
      // A fictional profile: its badge and the site's notice, as everywhere.
      await expect(modal.locator('.fictional-badge')).toBeVisible();
      await expect(page.locator('#match-modal-fictional')).toBeVisible();
      await expectAccessible(page, '#match-modal');

      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
    });
  });
}
