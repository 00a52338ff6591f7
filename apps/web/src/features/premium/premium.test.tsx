import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { changeLocale } from '../../i18n/i18n';
import { sentQueries, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import PremiumPage from './premium-page';
import PricingPage from './pricing-page';

const packages: TPackagesAnswer = {
  currency: 'EUR',
  payment_country: 'NL',
  payment_countries: ['NL'],
  methods: ['ideal', 'sdd'],
  packages: [
    { id: 'p0', credits: 50, amount: 995, discounted_amount: 995, popular: false, price_per_message: 199, messages: 5 },
    { id: 'p1', credits: 120, amount: 1995, discounted_amount: 1995, popular: true, price_per_message: 167, messages: 12 },
    { id: 'p2', credits: 300, amount: 3995, discounted_amount: 3995, popular: false, price_per_message: 134, messages: 30 },
    { id: 'p3', credits: 800, amount: 8995, discounted_amount: 8995, popular: false, price_per_message: 113, messages: 80 },
  ],
  discount: null,
  card_blocked: false,
  message_credits: 10,
};

const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('/premium', () => {
  it('compares free and Premium: 3 and 25 photos, all photos visible, 2 conversations or unlimited, the 46% claim; visitors get signup and login', async () => {
    stubApi({});
    renderWithProviders(<PremiumPage />, { route: '/premium' });
    const table = await screen.findByRole('table', { name: 'Free and Premium membership compared' }, { timeout: 5_000 });
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows).toEqual([
      ['Photos on your profile', '3', '25'],
      ['Photos of other members', 'Some locked', 'All visible'],
      ['Conversations you can start', '2', 'Unlimited'],
      ['Chance of a match', '—', '46% higher'],
    ]);
    expect(screen.getByText(/Premium member for life/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fpremium');
    expect(screen.getByRole('link', { name: 'See prices' }).getAttribute('href')).toBe('/pricing');
  });

  it('tells a Premium member so, in their language', async () => {
    stubApi({});
    await changeLocale('de');
    renderWithProviders(<PremiumPage />, { route: '/premium', locale: 'de', user: makeUser({ paid_user: true, language: 'de' }) });
    expect((await screen.findByRole('status', {}, { timeout: 5_000 })).textContent).toBe('Du bist Premium-Mitglied.');
    expect(screen.getByRole('link', { name: 'Mehr Credits kaufen' }).getAttribute('href')).toBe('/credits');
  });
});

describe('/pricing', () => {
  it("shows a member the site's packages with price and price per message, and links to /credits", async () => {
    const api = stubApi({ 'GET /api/credit-packages.php': { body: packages } });
    renderWithProviders(<PricingPage />, { route: '/pricing', user: makeUser() });
    const table = await screen.findByRole('table', { name: 'Credit packages and their prices' }, { timeout: 5_000 });
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows[0]).toEqual(['50 creditsenough for 5 messages', '€9.95', '€1.99']);
    expect(rows[1]).toEqual(['120 creditsMost popularenough for 12 messages', '€19.95', '€1.67']);
    expect(rows).toHaveLength(4);
    expect(screen.getByText('Sending a message costs 10 credits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    expect(sentQueries(api, 'GET /api/credit-packages.php')).toHaveLength(1);
  });

  it('shows the discounted price beside the list price', async () => {
    const discounted: TPackagesAnswer = {
      ...packages,
      packages: packages.packages.map((p) => ({ ...p, discounted_amount: Math.floor(p.amount * 0.75) })),
      discount: { code: 'TIMEBONUS25', value_percentage: 25, source: 'time_bonus', expires: null },
    };
    stubApi({ 'GET /api/credit-packages.php': { body: discounted } });
    renderWithProviders(<PricingPage />, { route: '/pricing', user: makeUser() });
    expect(await screen.findByText('Your 25% discount is already included in the prices below.', {}, { timeout: 5_000 })).toBeTruthy();
    const row = document.querySelector('[data-package="p1"]')!;
    expect(row.querySelector('del')!.textContent).toBe('Regular price: €19.95');
    expect(row.children[1]!.textContent).toBe('Regular price: €19.95€14.96');
    // A message at the price the member pays: 10 credits of 120 at €14.96.
    expect(row.children[2]!.textContent).toBe('€1.25');
  });

  it('shows visitors the prices of their country too, with the fictional-profile disclosure and a way to join (issue 29)', async () => {
    const pounds: TPackagesAnswer = {
      ...packages,
      currency: 'GBP',
      payment_country: 'GB',
      packages: packages.packages.map((p) => ({ ...p, amount: p.amount - 100, discounted_amount: p.amount - 100 })),
    };
    const api = stubApi({ 'GET /api/credit-packages.php': { body: pounds } });
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    const table = await screen.findByRole('table', { name: 'Credit packages and their prices' }, { timeout: 5_000 });
    expect(within(table).getAllByRole('row').slice(1).map(cellsOf)[0]).toEqual(['50 creditsenough for 5 messages', '£8.95', '£1.99']);
    expect(screen.getByText('These are the prices for your country, VAT included. Sign up or log in to buy credits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fpricing');
    expect(document.getElementById('pricing-disclosure')!.textContent).toMatch(/fictional/i);
    expect(screen.queryByRole('link', { name: 'Buy credits' })).toBeNull();
    expect(sentQueries(api, 'GET /api/credit-packages.php')).toHaveLength(1);
  });
});
