import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, sentQueries, stubApi } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import CreditsPage from './credits-page';
import { packagesAnswer } from './test/shop-test-kit';

afterEach(() => vi.restoreAllMocks());

function renderCredits(route = '/credits', user = makeUser()) {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/credits" element={<CreditsPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { user, route },
  );
}

/** The visible text of an element with the spaces Intl puts in prices made plain. */
const text = (element: Element) => element.textContent!.replace(/\s/g, ' ');

describe('/credits', () => {
  it('shows the four packages with the time bonus: original struck through, discounted price, percentage, popular mark and price per message', async () => {
    const fetch = stubApi({
      'GET /api/credit-packages.php': { body: packagesAnswer({}, 25) },
      'GET /api/repeat-order.php': apiError(404, 'no_paid_order', 'You have not bought anything yet.'),
    });
    renderCredits();
    const list = await screen.findByRole('list', { name: 'Credit packages' }, { timeout: 5_000 });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['50 credits', '120 credits', '300 credits', '800 credits']);
    expect(screen.getByText('Welcome offer: 25% off every package, for a short time only.')).toBeTruthy();

    const p1 = document.getElementById('package-p1')!;
    // €19.95 less 25% is €14.96 (rounded in the member's favour); the original is struck through.
    expect(p1.querySelector('del')!.textContent).toBe('Normal price: €19.95');
    expect(text(p1.querySelector('.shop-price__now')!)).toBe('Your price: €14.96');
    expect(within(p1).getByText('25% off')).toBeTruthy();
    expect(within(p1).getByText('Popular')).toBeTruthy();
    expect(within(p1).getByText('Enough for 12 messages')).toBeTruthy();
    // 10 credits of 120 at the €14.96 the member pays: €1.25 a message (€1.67 at the list price).
    expect(within(p1).getByText('Price per message (10 credits): €1.25')).toBeTruthy();
    expect(within(p1).getByRole('link', { name: 'Buy 120 credits' }).getAttribute('href')).toBe('/credits/p1');
    // Only the popular package is marked.
    expect(within(list).getAllByText('Popular')).toHaveLength(1);
    expect(document.title).toBe('Buy credits | Cupido Test');
    // Never paid: no repeat link, and no question whose answer would be a 404 the browser logs as an error.
    expect(screen.queryByRole('link', { name: 'Buy your last order again' })).toBeNull();
    expect(sentQueries(fetch, 'GET /api/repeat-order.php')).toHaveLength(0);
  });

  it('without a discount shows one price; the payment country and a valid code go into the request and the checkout links', async () => {
    const fetch = stubApi({
      'GET /api/credit-packages.php': (_body, url) => {
        const country = url.searchParams.get('country') ?? 'NL';
        const code = url.searchParams.get('code');
        return {
          body: packagesAnswer(
            {
              payment_country: country as 'NL' | 'BE',
              ...(code ? { discount: { code, value_percentage: 10, source: 'code', expires: null } } : {}),
            },
            code ? 10 : 0,
          ),
        };
      },
      'GET /api/repeat-order.php': {
        body: { package_id: 'p2', credits: 300, amount: 3995, currency: 'EUR', method: 'ideal', country: 'NL' },
      },
    });
    // A paying member (any purchase makes one): the shop asks for the last order.
    renderCredits('/credits', makeUser({ paid_user: true }));
    const p0 = await screen.findByRole('article', { name: '50 credits' }, { timeout: 5_000 });
    expect(p0.querySelector('del')).toBeNull();
    expect(text(p0.querySelector('.shop-price__now')!)).toBe('€9.95');
    // Without a discount the server's figure: 10 credits of 50 at €9.95.
    expect(within(p0).getByText('Price per message (10 credits): €1.99')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Buy your last order again' })).getAttribute('href')).toBe('/credits/repeat-order');
    expect(text(document.getElementById('credits-repeat')!)).toContain('300 credits for €39.95 with iDEAL');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('I pay from'), 'BE');
    await waitFor(() => expect(currentLocation()).toBe('/credits?country=BE'));
    await user.type(screen.getByLabelText('Discount code'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount code SPRING10: 10% off every package.')).toBeTruthy();
    expect(currentLocation()).toBe('/credits?country=BE&code=SPRING10');
    expect(sentQueries(fetch, 'GET /api/credit-packages.php')).toEqual(
      expect.arrayContaining([{ country: 'BE' }, { country: 'BE', code: 'SPRING10' }]),
    );
    expect(screen.getByRole('link', { name: 'Buy 120 credits' }).getAttribute('href')).toBe('/credits/p1?country=BE&code=SPRING10');

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(currentLocation()).toBe('/credits?country=BE'));
    expect((screen.getByLabelText('Discount code') as HTMLInputElement).value).toBe('');
  });

  it('a code the server refuses shows its message under the field and leaves the plain prices and links', async () => {
    stubApi({
      'GET /api/credit-packages.php': (_body, url) =>
        url.searchParams.get('code') ? apiError(404, 'code_not_found', 'Code not found', 'code') : { body: packagesAnswer() },
      'GET /api/repeat-order.php': apiError(404, 'no_paid_order', 'You have not bought anything yet.'),
    });
    renderCredits('/credits?code=NOPE');
    const field = await screen.findByLabelText('Discount code', {}, { timeout: 5_000 });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('Code not found');
    expect(screen.getByRole('link', { name: 'Buy 120 credits' }).getAttribute('href')).toBe('/credits/p1');
  });

  it('says when card purchases are blocked; one country means no country choice', async () => {
    stubApi({
      'GET /api/credit-packages.php': { body: packagesAnswer({ card_blocked: true, payment_countries: ['NL'] }) },
      'GET /api/repeat-order.php': apiError(404, 'no_paid_order', 'You have not bought anything yet.'),
    });
    renderCredits();
    expect(await screen.findByText(/^Card payments are blocked on your account after a chargeback/, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByLabelText('I pay from')).toBeNull();
  });

  it('in Dutch: prices and percentages in Dutch notation', async () => {
    stubApi({
      'GET /api/credit-packages.php': { body: packagesAnswer({}, 25) },
      'GET /api/repeat-order.php': apiError(404, 'no_paid_order', 'Je hebt nog niets gekocht.'),
    });
    renderWithProviders(<CreditsPage />, { user: makeUser(), route: '/credits', locale: 'nl' });
    const p1 = await screen.findByRole('article', { name: '120 credits' }, { timeout: 5_000 });
    expect(text(p1.querySelector('.shop-price__now')!)).toBe('Jouw prijs: € 14,96');
    expect(within(p1).getByText('25% korting')).toBeTruthy();
    expect(within(p1).getByRole('link', { name: '120 credits kopen' })).toBeTruthy();
  });
});
