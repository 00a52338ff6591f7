import { expect, test, type Page } from '@playwright/test';
import { chunkOf } from '../support/build-chunks';
import { newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

/**
 * Link prefetch (spec section 7, issue 31): on a phone, once the search has shown its cards, the
 * code of the profile page is fetched before the member taps a card, so the tap needs no round trip
 * for it; with the data saver on nothing is prefetched (2g is covered by app/link-prefetch.test.ts).
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const MEMBER_PAGE = chunkOf('src/features/profiles/member/member-page.tsx');
// The chunk main.tsx loads after the first screen to start link prefetch.
const LINK_PREFETCH = chunkOf('src/app/route-prefetch.ts');

/** The JavaScript chunks (paths) the page asks for from now on. */
function chunksRequested(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) paths.push(pathname);
  });
  return paths;
}

async function member(page: Page, label: string) {
  await skipEntryWarning(page);
  await signupThroughApi(page.request, newEmail(label));
  const response = await page.request.put('/api/profile.php', {
    data: { gender: 'female', sexuality: 'hetero', looking_for_gender: null },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Whether the chunk at `path` ran since the last call: V8's precise coverage, read and reset through
 * the DevTools protocol (a chunk that was only fetched and compiled has no function called).
 */
async function codeRunCounter(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  return async (path: string): Promise<boolean> => {
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    return result.some(
      (script) => script.url !== '' && new URL(script.url).pathname === path && script.functions.some((fn) => fn.ranges[0]!.count > 0),
    );
  };
}

test('the profile page’s code is there before the member taps a card, fetched but not run', async ({ page }) => {
  await member(page, 'prefetch');
  const chunks = chunksRequested(page);
  const ranSinceLastAsked = await codeRunCounter(page);
  await page.goto('/members');
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  await expect.poll(() => chunks.includes(MEMBER_PAGE), { timeout: 15_000 }).toBe(true);
  // Prefetch fetches the files; running them is the tap's work (decision 069).
  await expect(page.locator(`head link[rel="modulepreload"][href="${MEMBER_PAGE}"]`)).toHaveCount(1);
  expect(await ranSinceLastAsked(MEMBER_PAGE)).toBe(false);
  // Only code was fetched ahead: no profile's data was asked for before the tap.
  const profileCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/member.php') profileCalls.push(request.url());
  });
  const before = chunks.length;
  await page.locator('#search-results .profile-card a').first().tap();
  await expect(page).toHaveURL(/\/members\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(chunks.slice(before)).not.toContain(MEMBER_PAGE);
  expect(await ranSinceLastAsked(MEMBER_PAGE)).toBe(true);
  // The heading can show the card's data before the page's own call goes out (a CI run read the count first).
  await expect.poll(() => profileCalls.length).toBeGreaterThan(0);
});

test('nothing is prefetched with the data saver on', async ({ page }) => {
  await member(page, 'prefetch-saver');
  // Chromium has no switch for the data saver: the page is told so the way a phone's browser tells it.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } });
  });
  const chunks = chunksRequested(page);
  await page.goto('/members');
  await expect(page.locator('#search-results .profile-card').first()).toBeVisible();
  // The prefetch starts once the first screen is idle: its chunk comes, and then nothing it would fetch.
  await expect.poll(() => chunks.includes(LINK_PREFETCH), { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(3_000);
  expect(chunks).not.toContain(MEMBER_PAGE);
});

test('the prefetch map of the build names only files the server has', async ({ request }) => {
  const response = await request.get('/route-chunks.json');
  expect(response.status()).toBe(200);
  const map = (await response.json()) as Record<string, string[]>;
  expect(map[MEMBER_PAGE.split('/').pop()!]?.[0]).toBe(MEMBER_PAGE);
  // Vite drops chunks that only carried CSS after the bundle is made: a map read too early named them.
  const files = [...new Set(Object.values(map).flat())];
  const missing: string[] = [];
  for (const file of files) if ((await request.head(file)).status() !== 200) missing.push(file);
  expect(missing).toEqual([]);
});
