import { expect, test, type Page } from '@playwright/test';
import { activateThroughMail, newEmail, PASSWORD, siteOrigin, skipEntryWarning } from '../support/members';

/**
 * One price, said the same everywhere (issue 29), on a 375 px phone: a member paying from the
 * United Kingdom sees the demo site's pound list, a member paying from Poland its złoty list, in
 * their own notation; the shop's package, the checkout's "Pay …" button and the chat footer's
 * "from … per message" all come from that one list (with the welcome offer applied alike), and no
 * other currency shows. The figures are computed here from the list the site holds, not read
 * back from the screen.
 */
test.use({ viewport: { width: 375, height: 812 } });

// The demo site's price lists (apps/server/src/seed/demo-sites.ts): p0-p3 in minor units.
const DEMO_LISTS = { GBP: [899, 1699, 3499, 7999], PLN: [4299, 8499, 16999, 37999] } as const;

let addresses = 0;
async function signUp(page: Page, email: string, country: 'GB' | 'PL') {
  addresses++;
  const response = await page.request.post(`${siteOrigin()}/api/signup.php`, {
    data: {
      email,
      name: 'Priya',
      password: PASSWORD,
      date_of_birth: '1990-04-05',
      gender: 'female',
      looking_for: 'both',
      country,
      consent_terms: true,
      consent_orientation_data: true,
    },
    headers: { 'X-Forwarded-For': `10.88.${country === 'GB' ? 1 : 2}.${addresses}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  await activateThroughMail(page.request, email);
}

interface Answer {
  currency: string;
  message_credits: number;
  discount: { value_percentage: number } | null;
  packages: { id: string; credits: number; amount: number; discounted_amount: number }[];
}

const cases = [
  { country: 'GB', currency: 'GBP', language: 'en', tag: 'en-GB' },
  { country: 'PL', currency: 'PLN', language: 'pl', tag: 'pl-PL' },
] as const;

for (const { country, currency, language, tag } of cases) {
  test(`a payer from ${country} sees the same ${currency} prices in the shop, the checkout and the chat`, async ({ page, context }) => {
    await skipEntryWarning(page);
    await signUp(page, newEmail(`prices-${country}`), country);
    await context.addCookies([{ name: 'i18n_redirected', value: language, domain: 'localhost', path: '/' }]);
    expect((await page.request.put('/api/user.php', { data: { language } })).status()).toBe(200);

    // The site's list for the payer's currency, with the welcome offer the member has (if any).
    const answer = (await (await page.request.get('/api/credit-packages.php')).json()) as Answer;
    expect(answer.currency).toBe(currency);
    expect(answer.packages.map((p) => p.amount)).toEqual([...DEMO_LISTS[currency]]);
    const percent = answer.discount?.value_percentage ?? 0;
    const pays = (amount: number) => Math.floor((amount * (100 - percent)) / 100);
    const money = (minor: number) => new Intl.NumberFormat(tag, { style: 'currency', currency }).format(minor / 100).replace(/\s/g, ' ');
    const p1 = answer.packages.find((p) => p.id === 'p1')!;
    const bestPerMessage = Math.min(...answer.packages.map((p) => Math.ceil((pays(p.amount) * answer.message_credits) / p.credits)));
    const visible = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

    // The shop: the popular package at what the member pays.
    await page.goto('/credits');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const shopPrice = page.locator('#package-p1-price .shop-price__now');
    await expect(shopPrice).toBeVisible();
    expect(visible(await shopPrice.textContent())).toContain(money(pays(p1.amount)));

    // The checkout: the button says that same amount.
    await page.goto('/credits/p1');
    const pay = page.locator('#checkout-pay');
    await expect(pay).toBeVisible();
    expect(visible(await pay.textContent())).toContain(money(pays(p1.amount)));

    // The chat: the footer's price of a message is the best package's, at the same rate.
    const search = (await (await page.request.get('/api/search.php')).json()) as { profiles: { id: number }[] };
    await page.goto(`/members/${search.profiles[0]!.id}/chat`);
    const footer = page.locator('#send-footer-price');
    await expect(footer).toBeVisible();
    expect(visible(await footer.textContent())).toContain(money(bestPerMessage));

    // No other currency on any of them.
    const other = currency === 'GBP' ? /€|zł|PLN|\$/ : /€|£|\$/;
    for (const path of ['/credits', '/credits/p1']) {
      await page.goto(path);
      await expect(page.locator('#package-p1-price, #checkout-pay').first()).toBeVisible();
      expect(await page.locator('main').textContent()).not.toMatch(other);
    }
  });
}
