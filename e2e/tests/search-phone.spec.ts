import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

// Member search on a 375 px phone (issue 9): results above the fold with the filters folded,
// the member's own preferences as the default search, and Back to search keeping filters and page.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const cards = (page: Page) => page.locator('#search-results .profile-card');

/** axe's WCAG A/AA rules and best practices over the parts of the screen this scenario is about. */
async function expectAccessible(page: Page, ...include: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A member of the English demo site (born 1988-02-03, so 38 in 2026) with a gender and orientation. */
async function member(page: Page, label: string, profile: Record<string, unknown>) {
  await skipEntryWarning(page);
  await signupThroughApi(page.request, newEmail(label));
  const response = await page.request.put('/api/profile.php', { data: profile });
  expect(response.status(), await response.text()).toBe(200);
}

test('the member list shows cards above the fold, its filters folded behind a button', async ({ page }) => {
  // No explicit wish (signup's "looking for both" cleared): decision 013 derives men from her orientation.
  await member(page, 'phone-search', { gender: 'female', sexuality: 'hetero', looking_for_gender: null });
  await page.goto('/members');

  // Her default search: men, her age ten years either way, written into the URL.
  await expect(page).toHaveURL(/\/members\?gender=male&min_age=\d+&max_age=\d+$/);
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText(/Men · \d+–\d+ years/);
  await expect(page.locator('#search-filters-panel')).toBeHidden();

  // A whole card in the first screen, two cards side by side, photos with a size of their own.
  await expect(cards(page).first()).toBeVisible();
  const [first, second] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(first!.y + first!.height).toBeLessThanOrEqual(812);
  expect(second!.y).toBe(first!.y);
  for (const image of await page.locator('#search-results img').all()) {
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
  }

  // Open: the selects take the whole width, labels above; nothing sticks out sideways.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const country = page.getByLabel('Country');
  await expect(country).toBeVisible();
  const panel = (await page.locator('#search-filters').boundingBox())!;
  const select = (await country.boundingBox())!;
  expect(select.width).toBeGreaterThan(panel.width - 40);
  const label = (await page.locator('label[for="search-country"]').boundingBox())!;
  expect(label.y + label.height).toBeLessThanOrEqual(select.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page, '.search-panel', '#search-results');

  // A search folds the filters again, so the results show at once.
  await country.selectOption('GB');
  await page.locator('#search-submit').click();
  await expect(page).toHaveURL(/gender=male&country=GB&min_age=\d+&max_age=\d+$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('United Kingdom');
  await expect(cards(page).first()).toBeInViewport();
});

test('Back to search returns to the same filters and page', async ({ page }) => {
  await member(page, 'phone-back', { gender: 'male', sexuality: 'bi' });
  await page.goto('/members?min_age=25&max_age=70');
  await expect(cards(page).first()).toBeVisible();
  await page.locator('#search-next').click();
  await expect(page).toHaveURL(/\/members\?min_age=25&max_age=70&page=2$/);
  await expect(page.locator('#search-page')).toHaveText(/^Page 2 of \d+$/);
  // The cards are page 2's once the results are no longer marked busy (the previous page's stay while it loads).
  await expect(page.locator('section[aria-labelledby="search-results-title"]')).not.toHaveAttribute('aria-busy', 'true');
  const secondPage = await page.locator('#search-results .profile-card__name').allTextContents();

  await cards(page).nth(3).click();
  await expect(page.locator('#member-profile')).toBeVisible();
  await page.getByRole('link', { name: 'Back to search' }).click();
  await expect(page).toHaveURL(/\/members\?min_age=25&max_age=70&page=2$/);
  await expect(page.locator('#search-page')).toHaveText(/^Page 2 of \d+$/);
  await expect.poll(() => page.locator('#search-results .profile-card__name').allTextContents()).toEqual(secondPage);
});

test('the search starts with what the member looks for, and clearing it searches everyone', async ({ page }) => {
  await member(page, 'phone-prefs', { gender: 'male', sexuality: 'hetero' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: "Who you're looking for" })).toBeVisible();
  await page.getByLabel("I'm looking for").selectOption('female');
  await page.getByLabel('Age from').selectOption('30');
  await page.getByLabel('Age to').selectOption('25');
  await expect(page.locator('#profile-looking-for-max-age-error')).toHaveText('The maximum age cannot be lower than the minimum age');
  await page.getByLabel('Age to').selectOption('40');
  await expectAccessible(page, 'section[aria-labelledby="profile-looking-for-title"]');
  await page.locator('#profile-submit').click();
  await expect(page.locator('#profile-saved')).toHaveText('Your profile has been saved.');

  await page.goto('/members');
  await expect(page).toHaveURL(/\/members\?gender=female&min_age=30&max_age=40$/);
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('Women · 30–40 years');
  for (const name of await page.locator('#search-results .profile-card__name').allTextContents()) {
    const age = Number(name.split(', ').at(-1));
    expect(age).toBeGreaterThanOrEqual(30);
    expect(age).toBeLessThanOrEqual(40);
  }

  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.locator('#search-clear').click();
  await expect(page).toHaveURL(/\/members\?all=1$/);
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('All members');
  await page.reload();
  await expect(page).toHaveURL(/\/members\?all=1$/);
  await expect(cards(page).first()).toBeVisible();
});
