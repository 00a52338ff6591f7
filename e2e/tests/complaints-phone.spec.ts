import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newEmail, skipEntryWarning } from '../support/members';

/**
 * Complaints on a phone (issue 31: the footer's Complaints link answered 404). A visitor follows
 * the footer's link to /complaints, chooses a topic, gives an address, sends without words and
 * is told so under the field in the page's language, then sends the complaint and gets its
 * reference number at once. The page has no axe violation and no sideways scrolling; in every
 * language at 320 and 375 px, nothing is cut short (the topic select's options fit its box).
 */
test.use({ viewport: { width: 375, height: 812 } });

const WIDTHS = [320, 375] as const;

/** The page's title and the empty complaint's problem, as each language says them (features/complaints/texts). */
const LANGUAGES = [
  { code: 'en', title: 'Complaints', required: 'Please describe your complaint' },
  { code: 'nl', title: 'Klachten', required: 'Beschrijf je klacht' },
  { code: 'de', title: 'Beschwerden', required: 'Bitte beschreib deine Beschwerde' },
  { code: 'it', title: 'Reclami', required: 'Descrivi il tuo reclamo' },
  { code: 'fr', title: 'Réclamations', required: 'Veuillez décrire votre réclamation' },
  { code: 'es', title: 'Reclamaciones', required: 'Describe tu reclamación' },
  { code: 'pl', title: 'Reklamacje', required: 'Opisz swoją reklamację' },
] as const;

const noSidewaysScrolling = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The topic select's widest option against the width its padding and arrow leave for the text (a select does not scroll, so scrollWidth cannot tell). */
function topicRoom(page: Page) {
  return page.locator('#complaint-topic').evaluate((element) => {
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
    return {
      widest: widest.text,
      width: Math.ceil(widest.width),
      room: Math.floor(select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
    };
  });
}

test('a visitor opens Complaints from the footer, is told the complaint is missing, then sends it and gets a reference number', async ({
  page,
}) => {
  await skipEntryWarning(page);
  await page.goto('/');
  await page.locator('footer a[href="/complaints"]').click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'ban policy' }).first()).toHaveAttribute('href', '/pages/ban');
  await expectNoAxeViolations(page, { label: '/complaints, the form' });
  expect(await noSidewaysScrolling(page), 'no sideways scrolling at 375 px').toBe(true);

  await page.getByLabel('What is it about?').selectOption('billing');
  await page.getByLabel('Your e-mail address').fill(newEmail('complaint'));
  await page.getByRole('button', { name: 'Send complaint' }).click();
  const text = page.getByLabel('What happened?');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toBeFocused();
  await expect(page.locator('#complaint-text-error')).toHaveText('Please describe your complaint');
  await expectNoAxeViolations(page, { label: '/complaints with a field problem' });

  await text.fill('I bought the 120 credits package once but was charged twice on 3 March. Please refund the second payment.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  const received = page.locator('#complaint-received');
  await expect(received).toBeFocused();
  await expect(received).toHaveAttribute('role', 'status');
  await expect(page.locator('#complaint-reference')).toHaveText(/^C-\d{6,}$/);
  const reference = (await page.locator('#complaint-reference').textContent())!;
  // The server's acknowledgement, in English, names the same reference.
  await expect(received).toContainText(reference, { useInnerText: true });
  await expect(page.locator('#complaint-form')).toHaveCount(0);
  await expectNoAxeViolations(page, { label: '/complaints, complaint received' });
  expect(await noSidewaysScrolling(page), 'no sideways scrolling at 375 px after sending').toBe(true);
  await page.screenshot({ path: test.info().outputPath('complaint-received.png'), fullPage: true });
});

test('every language at 320 and 375 px: the page and its problems in that language, nothing cut short, no sideways scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await skipEntryWarning(page);
  for (const { code, title, required } of LANGUAGES) {
    await page.context().addCookies([{ name: 'i18n_redirected', value: code, domain: 'localhost', path: '/' }]);
    for (const width of WIDTHS) {
      const where = `${code} at ${width} px`;
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/complaints');
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.getByRole('heading', { level: 1 }), where).toHaveText(title);
      // Sending the empty form puts every required field in its error state: the longest the page gets.
      await page.locator('#complaint-submit').click();
      await expect(page.locator('#complaint-text-error'), where).toHaveText(required);
      const room = await topicRoom(page);
      expect(room.width, `${where}: "${room.widest}" in the topic select (${room.room} px of room)`).toBeLessThanOrEqual(room.room);
      expect(await noSidewaysScrolling(page), `${where}: no sideways scrolling`).toBe(true);
    }
  }
});
