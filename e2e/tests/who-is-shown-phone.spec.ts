/**
 * Who a member is shown (issue 28, decision 036), on a 375 px phone: the two-way rule, nearest
 * first with distances, and auto-likes that follow the same rule. The candidates are members made
 * here in the Scottish Highlands, where the demo seed has nobody, so the nearest results are
 * exactly the profiles this scenario made and what the rule keeps out can be named.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PASSWORD, activateThroughMail, newEmail, signupThroughApi, skipEntryWarning, useOwnAddress } from '../support/members';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** Inverness and Nairn (about 24 km apart), Thurso and Wick (about 30 km), as a browser's geolocation would give them. */
const INVERNESS = { latitude: 57.4778, longitude: -4.2247 };
const NAIRN = { latitude: 57.586, longitude: -3.869 };
const THURSO = { latitude: 58.5936, longitude: -3.5221 };
const WICK = { latitude: 58.4389, longitude: -3.0937 };

type Gender = 'male' | 'female';
type Seeking = 'male' | 'female' | 'both';

/** A confirmed member placed at `place`, who is `gender` and looks for `seeking` (stored: the signup gave the orientation consent). */
async function candidate(browser: Browser, name: string, gender: Gender, seeking: Seeking, place: typeof INVERNESS): Promise<number> {
  const context = await browser.newContext();
  try {
    const email = newEmail(`shown-${name.toLowerCase()}`);
    const id = await signupThroughApi(context.request, email, name);
    await saveProfile(context.request, { gender, looking_for_gender: seeking, location: place });
    await activateThroughMail(context.request, email);
    return id;
  } finally {
    await context.close();
  }
}

async function saveProfile(request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.put('/api/profile.php', { data });
  expect(response.status(), await response.text()).toBe(200);
}

/** axe's WCAG A/AA rules and best practices over the parts of the screen this scenario is about. */
async function expectAccessible(page: Page, ...include: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const cards = (page: Page) => page.locator('#search-results .profile-card');

/** The profile ids of the result cards, in order (each card links to /members/<id>). */
async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await cards(page)
    .locator('a[href^="/members/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const ids: number[] = [];
  for (const href of hrefs) {
    const id = Number(/\/members\/(\d+)/.exec(href)?.[1]);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The miles each card says ("about 12 miles away"), in card order. */
async function milesOnCards(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(/about (\d+) miles? away/i.exec(text)?.[1] ?? NaN)).filter((miles) => !Number.isNaN(miles));
}

/** Signs up through the signup page as a phone user does: who you are and whom you look for come first. */
async function signUpOnThePage(page: Page, name: string, gender: Gender, seeking: Seeking): Promise<string> {
  const email = newEmail(`shown-${name.toLowerCase()}`);
  await skipEntryWarning(page);
  await page.goto('/signup');
  await page.locator(`label[for="signup-gender-${gender}"]`).click();
  await page.locator(`label[for="signup-looking-for-${seeking}"]`).click();
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-date-of-birth-day').selectOption('3');
  await page.locator('#signup-date-of-birth-month').selectOption('02');
  await page.locator('#signup-date-of-birth-year').selectOption('1988');
  await page.locator('#signup-consent-terms').check();
  await page.locator('#signup-consent-orientation').check();
  await expectAccessible(page, 'form');
  await useOwnAddress(page);
  await page.locator('#signup-submit').click();
  await expect(page).not.toHaveURL(/\/signup/);
  return email;
}

test('a man looking for women sees only women who look for men or both, nearest first, with distances', async ({ page, browser }) => {
  const near = await candidate(browser, 'Isla', 'female', 'male', INVERNESS);
  const both = await candidate(browser, 'Eilidh', 'female', 'both', INVERNESS);
  const further = await candidate(browser, 'Morag', 'female', 'male', NAIRN);
  const womenOnly = await candidate(browser, 'Kirsty', 'female', 'female', INVERNESS);
  const man = await candidate(browser, 'Hamish', 'male', 'female', INVERNESS);

  await signUpOnThePage(page, 'Calum', 'male', 'female');
  // What signup stored is true on the next screen: he is a man looking for women.
  const own = await (await page.request.get('/api/profile.php')).json();
  expect(own.profile).toMatchObject({ gender: 'male', looking_for_gender: 'female' });
  // His browser's location (the profile's location button sends it with the save).
  await saveProfile(page.request, { country: 'GB', location: INVERNESS });

  await page.goto('/members');
  await expect(page).toHaveURL(/gender=female/);
  await expect(cards(page).first()).toBeVisible();
  const ids = await cardIds(page);

  // Nearest first: the two in his town, then the one 24 km away, before anyone else.
  expect(new Set(ids.slice(0, 2))).toEqual(new Set([near, both]));
  expect(ids[2]).toBe(further);
  // The rule works both ways: no man, and no woman who looks only for women.
  expect(ids).not.toContain(womenOnly);
  expect(ids).not.toContain(man);
  for (const id of ids) {
    const profile = (await (await page.request.get(`/api/member.php?id=${id}`)).json()).profile as { gender: string | null };
    expect(profile.gender, `profile ${id}`).toBe('female');
  }

  // Distances in his units (miles in the UK), never exact: "about 1 mile" in town, "about 15 miles" to Nairn.
  const nearCard = cards(page).filter({ has: page.locator(`a[href^="/members/${near}"]`) });
  await expect(nearCard).toContainText(/about 1 mile away/i);
  const furtherCard = cards(page).filter({ has: page.locator(`a[href^="/members/${further}"]`) });
  await expect(furtherCard).toContainText(/about 1[45] miles away/i);
  // Nearest first as the cards say it, and fictional profiles never nearer than the stated minimum (30 km, about 19 miles).
  const shown = await milesOnCards(page);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  for (const text of await cards(page)
    .filter({ hasText: /🎭|fictional/i })
    .allTextContents()) {
    expect(Number(/about (\d+) miles? away/i.exec(text)?.[1])).toBeGreaterThanOrEqual(19);
  }

  // The radius filter: within 10 km only his town's two.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Distance').selectOption('10');
  await page.getByRole('button', { name: /^Search/ }).click();
  await expect(page).toHaveURL(/radius=10/);
  await expect.poll(() => cardIds(page)).not.toContain(further);
  expect(await cardIds(page)).toEqual(expect.arrayContaining([near, both]));
  expect(Math.max(...(await milesOnCards(page)))).toBeLessThanOrEqual(6);
  await expectAccessible(page, '.search-panel', '#search-results');

  // The profile page says how far, too.
  await page.goto(`/members/${further}`);
  await expect(page.locator('main')).toContainText(/about 1[45] miles away/i);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('a woman looking for women sees no men and no woman who looks only for men', async ({ page, browser }) => {
  const lesbian = await candidate(browser, 'Catriona', 'female', 'female', THURSO);
  const bi = await candidate(browser, 'Shona', 'female', 'both', WICK);
  const straight = await candidate(browser, 'Fiona', 'female', 'male', THURSO);
  const man = await candidate(browser, 'Angus', 'male', 'both', THURSO);

  await signUpOnThePage(page, 'Ailsa', 'female', 'female');
  await saveProfile(page.request, { country: 'GB', location: THURSO });
  await page.goto('/members');
  await expect(page).toHaveURL(/gender=female/);
  await expect(cards(page).first()).toBeVisible();
  const ids = await cardIds(page);
  expect(ids[0]).toBe(lesbian);
  expect(ids[1]).toBe(bi);
  expect(ids).not.toContain(straight);
  expect(ids).not.toContain(man);

  // The swipe stack and the match finder keep to the same rule.
  const stackResponse = await page.request.get('/api/swipe-stack.php');
  expect(stackResponse.status(), await stackResponse.text()).toBe(200);
  const stack = (await stackResponse.json()) as { profiles: { id: number }[] };
  const stackIds = stack.profiles.map((p) => p.id);
  expect(stackIds).not.toContain(straight);
  expect(stackIds).not.toContain(man);
  for (const group of ['18-35', '35+']) {
    const response = await page.request.get(`/api/match-finder.php?age_group=${encodeURIComponent(group)}`);
    expect(response.status(), await response.text()).toBe(200);
    const found = (await response.json()) as { profiles: { id: number }[] };
    expect(found.profiles.map((p) => p.id)).not.toContain(straight);
    expect(found.profiles.map((p) => p.id)).not.toContain(man);
  }
});

test('a fictional profile never auto-likes a member it would not be shown to', async ({ browser }) => {
  // Two activated members the site's rules let fictional profiles like: a man looking for men
  // and a woman looking for women. Every auto-like each gets comes from someone of the gender
  // they look for (the server's table tests cover the other side's wish).
  for (const [gender, seeking] of [
    ['male', 'male'],
    ['female', 'female'],
  ] as const) {
    const context = await browser.newContext();
    try {
      const email = newEmail(`auto-like-${gender}`);
      await signupThroughApi(context.request, email, 'Robin');
      await saveProfile(context.request, { gender, looking_for_gender: seeking });
      await activateThroughMail(context.request, email);
      const answer = (await (await context.request.get('/api/auto-like.php')).json()) as { profile: { id: number } | null };
      expect(answer.profile, 'the site auto-likes new members').not.toBeNull();
      const liker = (await (await context.request.get(`/api/member.php?id=${answer.profile!.id}`)).json()).profile as {
        gender: string;
        is_fictional: boolean;
      };
      expect(liker).toMatchObject({ gender: seeking, is_fictional: true });
    } finally {
      await context.close();
    }
  }
});
