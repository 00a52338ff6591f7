import { expect, test, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, signupThroughApi, skipEntryWarning } from '../support/members';

/**
 * Texts that were cut short on a phone (issue 29), at 320 and 375 px in all seven languages
 * (German and Polish are the longest): the date-of-birth selects in their error state, the
 * looking-for age selects ("Based on my profile"), the credit history's headers ("Amou / nt") and
 * the profile page's "Send a gift" beside "Send a message". A select's text is measured against
 * the room its padding and arrow leave (a select does not scroll, so scrollWidth cannot tell):
 * every option of it, since any of them can be the one shown.
 */
const WIDTHS = [320, 375] as const;
const LANGUAGES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
type Language = (typeof LANGUAGES)[number];

/** The widest option of each select against the width left for its text (px). */
async function selectRoom(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((selects) =>
    selects.map((element) => {
      const select = element as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widest = [...select.options].reduce(
        (best, option) => {
          const width = context.measureText(option.text).width;
          return width > best.width ? { text: option.text, width } : best;
        },
        { text: '', width: 0 },
      );
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { id: select.id, widest: widest.text, width: Math.ceil(widest.width), room: Math.floor(room) };
    }),
  );
}

function expectRoomFor(rooms: { id: string; widest: string; width: number; room: number }[], where: string) {
  expect(rooms.length, where).toBeGreaterThan(0);
  for (const select of rooms)
    expect(select.width, `${where}: "${select.widest}" in #${select.id} (${select.room} px of room)`).toBeLessThanOrEqual(select.room);
}

async function useLanguage(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'i18n_redirected', value: language, domain: 'localhost', path: '/' }]);
}

test.describe('texts a phone shows whole', () => {
  // Seven languages at two widths, several pages each: one scenario, many page loads.
  test.describe.configure({ timeout: 240_000 });

  test('the date of birth in its error state, in every language at 320 and 375 px', async ({ page }) => {
    await skipEntryWarning(page);
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 740 });
        await page.goto('/signup');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // Submitting the empty form puts every field, the date of birth too, in its error state.
        await page.locator('#signup-submit').click();
        await expect(page.locator('#signup-date-of-birth-day')).toHaveAttribute('aria-invalid', 'true');
        expectRoomFor(await selectRoom(page, '#signup-date-of-birth select'), `${language} ${width} px`);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
          `${language} ${width} px: no sideways scrolling`,
        ).toBe(true);
      }
    }
  });

  test('the looking-for ages, the credit history headers and Send a gift, in every language at 320 and 375 px', async ({ page }) => {
    await skipEntryWarning(page);
    const email = newEmail('clipped');
    await signupThroughApi(page.request, email, 'Clara');
    await activateThroughMail(page.request, email);
    const search = (await (await page.request.get('/api/search.php')).json()) as { profiles: { id: number }[] };
    const profileId = search.profiles[0]!.id;

    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      expect((await page.request.put('/api/user.php', { data: { language } })).status()).toBe(200);
      for (const width of WIDTHS) {
        const where = `${language} ${width} px`;
        await page.setViewportSize({ width, height: 740 });

        await page.goto('/profile');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('#profile-looking-for-min-age')).toBeVisible();
        expectRoomFor(await selectRoom(page, '#profile-looking-for-min-age, #profile-looking-for-max-age'), `${where} looking-for ages`);

        await page.goto('/notifications');
        const headers = page.locator('#credit-history-table thead th');
        await expect(headers).toHaveCount(4);
        // No header broken inside a word: each word is no wider than its cell's text box, and the table fits the screen.
        const cells = await headers.evaluateAll((ths) =>
          ths.map((th) => {
            const style = getComputedStyle(th);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const words = (th.textContent ?? '').split(/\s+/).filter(Boolean);
            const widest = Math.max(...words.map((word) => context.measureText(word).width));
            return {
              text: th.textContent,
              widest: Math.ceil(widest),
              room: Math.floor(th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)) + 1,
            };
          }),
        );
        for (const cell of cells) expect(cell.widest, `${where}: header "${cell.text}"`).toBeLessThanOrEqual(cell.room);
        const fits = await page.evaluate(
          () => document.querySelector('#credit-history-table')!.getBoundingClientRect().right <= document.documentElement.clientWidth,
        );
        expect(fits, `${where}: the credit history fits the screen`).toBe(true);

        await page.goto(`/members/${profileId}`);
        const message = page.locator('#member-message');
        const gift = page.locator('#member-gift');
        await expect(gift).toBeVisible();
        const [messageBox, giftBox] = [await message.boundingBox(), await gift.boundingBox()];
        expect(Math.abs(giftBox!.height - messageBox!.height), `${where}: Send a gift as tall as Send a message`).toBeLessThanOrEqual(1);
        expect(await gift.evaluate((button) => button.scrollWidth <= button.clientWidth), `${where}: Send a gift not cut`).toBe(true);
      }
    }
  });
});
