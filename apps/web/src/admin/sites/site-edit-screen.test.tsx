import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ZSiteSettings, ZSiteUpdateRequest, type TSiteDetailAnswer } from '@cupido/shared/contracts/site-settings';
import { Component as SiteEditScreen } from './site-edit-screen';
import { Component as SiteListScreen } from './site-list-screen';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';

/** An input's value, numbers as numbers (as the form holds them). */
const valueOf = (element: HTMLElement) => {
  const input = element as HTMLInputElement;
  return input.type === 'number' ? input.valueAsNumber : input.value;
};
/** The texts the input's aria-describedby points to. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const localized = (en: string) => ({ en, nl: `${en} (nl)` });

const site: TSiteDetailAnswer = {
  id: 2,
  is_default: false,
  company_id: 1,
  company_site_count: 2,
  settings: ZSiteSettings.parse({
    name: 'Amora',
    logo_text: 'Amora',
    theme_color: '#c2410c',
    domain: 'nl.localhost',
    domain_language: 'nl',
    cdn_prefix: '/photos/',
    index_title: localized('Amora – dating'),
    description: localized('Meet singles'),
    countries: ['NL', 'BE'],
    visible_profile_fields: ['age', 'city'],
    visible_profile_notes: ['signup_reason'],
    signups: 'all',
    logged_out_search: 'none',
    logged_out_search_trafficsource: 'none',
    enable_site_entry_popup: 'yes',
    site_entry_popup_countries: [],
    message_credits: 10,
    signup_credits: 20,
    photo_credits: 5,
    gift_credits: 25,
    message_length: 1000,
    minimum_age: 18,
    support_phone: '+31 20 765 4321',
    support_email: 'klantenservice@amora.example',
    search_fields: ['gender', 'country'],
    fictional_warning: localized('Some profiles are fictional.'),
    fictional_singular: localized('Fictional profile'),
    fictional_plural: localized('Fictional profiles'),
    fictional_icon: '🎭',
    refund_days: 14,
    member_resell: false,
    show_all_languages: false,
    hide_locale_dropdown: false,
    time_zone: 'Europe/Amsterdam',
    auto_like: { enabled: true, max_per_day: 2, min_minutes_between: 30, after_events: ['activation'] },
    chat_history_days: 180,
    photo_moderation: 'pre',
    currency: 'EUR',
    price_lists: {},
    credit_packages: [
      { id: 'p0', credits: 50, amount: 995, popular: false },
      { id: 'p1', credits: 120, amount: 1995, popular: true },
      { id: 'p2', credits: 300, amount: 3995, popular: false },
      { id: 'p3', credits: 800, amount: 8995, popular: false },
    ],
    payment_methods: ['ideal', 'visa', 'paypal'],
    direct_debit_limit: 15000,
    honest_answer: localized('I am a fictional profile, written by our staff.'),
    spending_reminder: localized('Only spend what you can afford.'),
    operator_claim_idle_minutes: 5,
  }),
  company: {
    name: 'Cupido Media B.V.',
    address: 'Keizersgracht 123',
    kvk: '87654321',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: ['Cupido', 'Amora'],
    vat_numbers: ['NL864209753B01'],
    support_phone: '+31 20 765 4321',
    delete_discount: 50,
  },
};

const routes = [
  { path: '/admin/sites', element: <SiteListScreen /> },
  { path: '/admin/sites/:id', element: <SiteEditScreen /> },
];

// A long form: typing into it takes seconds on a busy machine.
describe('site editor', { timeout: 20_000 }, () => {
  it('lists the sites with a link to each', async () => {
    stubAdmin({
      'GET /admin/api/sites': () => ({
        body: {
          sites: [{ id: 2, name: 'Amora', domain: 'nl.localhost', domain_language: 'nl', is_default: false, photo_moderation: 'pre' }],
        },
      }),
    });
    renderScreen('/admin/sites', routes);
    expect((await screen.findByRole('link', { name: 'Edit Amora' })).getAttribute('href')).toBe('/admin/sites/2');
    expect(screen.getByRole('cell', { name: 'nl.localhost' })).toBeTruthy();
  });

  it('shows every setting in labelled inputs and saves a change the contract accepts', async () => {
    const sent = stubAdmin({
      'GET /admin/api/sites/2': () => ({ body: site }),
      'PATCH /admin/api/sites/2': ({ body }) => ({ body: { ...site, settings: { ...site.settings, ...(body as object) } } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);

    const icon = await screen.findByLabelText('Fictional profile icon');
    expect(valueOf(icon)).toBe('🎭');
    expect(valueOf(screen.getByLabelText('Minimum age'))).toBe(18);
    const titles = screen.getByRole('group', { name: 'Home page title' });
    expect(valueOf(within(titles).getByLabelText('English (en)'))).toBe('Amora – dating');
    expect(valueOf(within(titles).getByLabelText('Polski (pl)'))).toBe('');
    const served = screen.getByRole('group', { name: 'Countries served' });
    expect((within(served).getByRole('checkbox', { name: 'NL' }) as HTMLInputElement).checked).toBe(true);
    expect((within(served).getByRole('checkbox', { name: 'DE' }) as HTMLInputElement).checked).toBe(false);
    // Typed by hand no more (issue 29): settings.php derives it from the price lists.
    expect(screen.queryByText(/minimum message cost/i)).toBeNull();

    await user.clear(icon);
    await user.type(icon, '🦄');
    await user.type(within(titles).getByLabelText('Deutsch (de)'), 'Amora – Dating');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('status')).textContent).toBe('Saved. The site shows the new settings now.');
    const patch = sent.find((s) => s.key === 'PATCH /admin/api/sites/2')!.body as Record<string, unknown>;
    expect(ZSiteUpdateRequest.safeParse(patch).success).toBe(true);
    expect(patch).toMatchObject({
      fictional_icon: '🦄',
      index_title: { en: 'Amora – dating', nl: 'Amora – dating (nl)', de: 'Amora – Dating' },
      company: { name: 'Cupido Media B.V.' },
    });
    // A language left empty is not sent as an empty text (the site falls back to English).
    expect(patch.index_title).not.toHaveProperty('pl');
  });

  it('edits the payments: currency, package prices and credits, the popular package, methods, direct debit limit', async () => {
    const sent = stubAdmin({
      'GET /admin/api/sites/2': () => ({ body: site }),
      'PATCH /admin/api/sites/2': ({ body }) => ({ body: { ...site, settings: { ...site.settings, ...(body as object) } } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);
    const price = await screen.findByLabelText('Price p2 (smallest unit)');
    expect(valueOf(price)).toBe(3995);
    expect(descriptionOf(price)).toBe('Members see €39.95.');
    expect((screen.getByRole('radio', { name: 'p1 is the popular package' }) as HTMLInputElement).checked).toBe(true);
    const methods = screen.getByRole('group', { name: 'Payment methods offered' });
    expect((within(methods).getByRole('checkbox', { name: 'iDEAL' }) as HTMLInputElement).checked).toBe(true);
    expect((within(methods).getByRole('checkbox', { name: 'Sofort' }) as HTMLInputElement).checked).toBe(false);

    await user.clear(price);
    await user.type(price, '3495');
    await user.clear(screen.getByLabelText('Credits p3'));
    await user.type(screen.getByLabelText('Credits p3'), '1000');
    await user.click(screen.getByRole('radio', { name: 'p2 is the popular package' }));
    await user.click(within(methods).getByRole('checkbox', { name: 'Bancontact' }));
    await user.click(within(methods).getByRole('checkbox', { name: 'PayPal' }));
    const limit = screen.getByLabelText('Direct debit limit per member in 30 days (smallest unit)');
    await user.clear(limit);
    await user.type(limit, '20000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('status')).textContent).toBe('Saved. The site shows the new settings now.');
    const patch = sent.find((s) => s.key === 'PATCH /admin/api/sites/2')!.body as Record<string, unknown>;
    expect(ZSiteUpdateRequest.safeParse(patch).success).toBe(true);
    expect(patch).toMatchObject({
      currency: 'EUR',
      credit_packages: [
        { id: 'p0', credits: 50, amount: 995, popular: false },
        { id: 'p1', credits: 120, amount: 1995, popular: false },
        { id: 'p2', credits: 300, amount: 3495, popular: true },
        { id: 'p3', credits: 1000, amount: 8995, popular: false },
      ],
      payment_methods: ['visa', 'ideal', 'bancontact'],
      direct_debit_limit: 20000,
    });
  });

  it('edits the operator console: the honest answer and spending reminder per language, the claim idle minutes', async () => {
    const sent = stubAdmin({
      'GET /admin/api/sites/2': () => ({ body: site }),
      'PATCH /admin/api/sites/2': ({ body }) => ({ body: { ...site, settings: { ...site.settings, ...(body as object) } } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);
    const section = within(await screen.findByRole('region', { name: 'Operator console' }));
    const honest = section.getByRole('group', { name: /^Honest answer to “are you real\?”/ });
    expect(valueOf(within(honest).getByLabelText('English (en)'))).toBe('I am a fictional profile, written by our staff.');
    expect(valueOf(within(honest).getByLabelText('Nederlands (nl)'))).toBe('I am a fictional profile, written by our staff. (nl)');
    const reminder = section.getByRole('group', { name: 'Spending reminder shown in the conversations of vulnerable members' });
    const minutes = section.getByLabelText('Minutes before an idle claim ends');
    expect(valueOf(minutes)).toBe(5);

    await user.type(within(honest).getByLabelText('Deutsch (de)'), 'Ich bin ein fiktives Profil.');
    await user.clear(within(reminder).getByLabelText('English (en)'));
    await user.type(within(reminder).getByLabelText('English (en)'), 'Mind your spending.');
    await user.clear(minutes);
    await user.type(minutes, '121');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // More than OPERATOR_CLAIM_IDLE_MINUTES_MAX: refused before sending.
    await waitFor(() => expect(document.activeElement).toBe(minutes));
    expect(sent.some((s) => s.key.startsWith('PATCH'))).toBe(false);

    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved. The site shows the new settings now.');
    const patch = sent.find((s) => s.key === 'PATCH /admin/api/sites/2')!.body as Record<string, unknown>;
    expect(ZSiteUpdateRequest.safeParse(patch).success).toBe(true);
    expect(patch).toMatchObject({
      honest_answer: {
        en: 'I am a fictional profile, written by our staff.',
        nl: 'I am a fictional profile, written by our staff. (nl)',
        de: 'Ich bin ein fiktives Profil.',
      },
      spending_reminder: { en: 'Mind your spending.', nl: 'Only spend what you can afford. (nl)' },
      operator_claim_idle_minutes: 15,
    });
  });

  it('chooses the site currency among the selling currencies and edits the price lists: add one, type its four prices, remove another (issue 29)', async () => {
    const withPln = { ...site, settings: { ...site.settings, price_lists: { PLN: { p0: 4299, p1: 8499, p2: 16999, p3: 37999 } } } };
    const sent = stubAdmin({
      'GET /admin/api/sites/2': () => ({ body: withPln }),
      'PATCH /admin/api/sites/2': ({ body }) => ({ body: { ...withPln, settings: { ...withPln.settings, ...(body as object) } } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);
    const currency = await screen.findByLabelText('Currency of the prices');
    expect(Array.from((currency as HTMLSelectElement).options, (o) => o.value)).toEqual(['EUR', 'GBP', 'PLN', 'CHF', 'USD']);
    const lists = screen.getByRole('group', { name: 'Price lists in further currencies' });
    const pln = within(lists).getByRole('group', { name: 'Prices in PLN' });
    expect(valueOf(within(pln).getByLabelText('Price p3 in PLN (smallest unit)'))).toBe(37999);
    expect(descriptionOf(within(pln).getByLabelText('Price p3 in PLN (smallest unit)'))).toMatch(/^Members see PLN\s379\.99\.$/);
    // The site's own currency and a listed one are not offered to add.
    const toAdd = within(lists).getByLabelText('Currency to add') as HTMLSelectElement;
    expect(Array.from(toAdd.options, (o) => o.value)).toEqual(['GBP', 'CHF', 'USD']);

    await user.click(within(lists).getByRole('button', { name: 'Add prices in GBP' }));
    const gbp = within(lists).getByRole('group', { name: 'Prices in GBP' });
    // A new list starts empty: saving refuses it before sending and focuses its first price.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const p0 = within(gbp).getByLabelText('Price p0 in GBP (smallest unit)');
    await waitFor(() => expect(document.activeElement).toBe(p0));
    expect(sent.some((s) => s.key.startsWith('PATCH'))).toBe(false);
    for (const [packageId, amount] of [
      ['p0', '899'],
      ['p1', '1699'],
      ['p2', '3499'],
      ['p3', '7999'],
    ] as const) {
      await user.type(within(gbp).getByLabelText(`Price ${packageId} in GBP (smallest unit)`), amount);
    }
    expect(descriptionOf(within(gbp).getByLabelText('Price p0 in GBP (smallest unit)'))).toBe('Members see £8.99.');
    await user.click(within(lists).getByRole('button', { name: 'Remove the PLN prices' }));
    expect(within(lists).queryByRole('group', { name: 'Prices in PLN' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('status')).textContent).toBe('Saved. The site shows the new settings now.');
    const patch = sent.find((s) => s.key === 'PATCH /admin/api/sites/2')!.body as Record<string, unknown>;
    expect(ZSiteUpdateRequest.safeParse(patch).success).toBe(true);
    expect(patch).toMatchObject({ currency: 'EUR', price_lists: { GBP: { p0: 899, p1: 1699, p2: 3499, p3: 7999 } } });
    expect(patch.price_lists).not.toHaveProperty('PLN');
  });

  it("shows the server's refusal of a list for the site's own currency under the site currency", async () => {
    const withGbp = { ...site, settings: { ...site.settings, price_lists: { GBP: { p0: 899, p1: 1699, p2: 3499, p3: 7999 } } } };
    const message =
      "The site's own currency has no price list: its prices are the packages' amounts. Remove this list or choose another site currency.";
    stubAdmin({
      'GET /admin/api/sites/2': () => ({ body: withGbp }),
      'PATCH /admin/api/sites/2': () => ({ status: 400, body: { error: { code: 'price_list_own_currency', message, field: 'currency' } } }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);
    const currency = await screen.findByLabelText('Currency of the prices');
    await user.selectOptions(currency, 'GBP');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(descriptionOf(currency)).toContain(message));
    expect(document.activeElement).toBe(currency);
  });

  it('refuses what the contract refuses before sending, and focuses the field', async () => {
    const sent = stubAdmin({ 'GET /admin/api/sites/2': () => ({ body: site }) });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);
    const age = await screen.findByLabelText('Minimum age');
    await user.clear(age);
    await user.type(age, '16');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(document.activeElement).toBe(age));
    expect(descriptionOf(age)).toBe('adults only: 18 or more');
    expect(sent.some((s) => s.key.startsWith('PATCH'))).toBe(false);
  });

  it('shows a refusal of the server under its field (a domain another site uses)', async () => {
    stubAdmin({
      'GET /admin/api/sites/2': () => ({ body: site }),
      'PATCH /admin/api/sites/2': () => ({
        status: 409,
        body: { error: { code: 'domain_taken', message: 'Another site already uses this domain.', field: 'domain' } },
      }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/sites/2', routes);
    const domain = await screen.findByLabelText('Domain');
    await user.clear(domain);
    await user.type(domain, 'localhost');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(descriptionOf(domain)).toContain('Another site already uses this domain.'));
    expect(document.activeElement).toBe(domain);
  });
});
