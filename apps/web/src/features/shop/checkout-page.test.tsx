import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { apiError, sentBodies, stubApi, type StubAnswer } from '../../test/api-stub';
import { currentLocation, LocationProbe } from '../../test/location-probe';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import CheckoutPage from './checkout-page';
import { packagesAnswer } from './test/shop-test-kit';

afterEach(() => vi.restoreAllMocks());

function renderCheckout(
  route: string,
  payment: StubAnswer | ((body: unknown) => StubAnswer) | 'pending' = { body: { payment_id: 41, redirect_url: '/sandbox/checkout/41' } },
) {
  const fetch = stubApi({ 'GET /api/credit-packages.php': { body: packagesAnswer({}, 25) }, 'POST /api/payment.php': payment });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  renderWithProviders(
    <>
      <Routes>
        <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { user: makeUser(), route },
  );
  return { fetch, assign };
}

/** A method's words (the brand logos' SVG lettering left out: they are decorative). */
function labelText(radio: HTMLElement): string {
  const label = radio.closest('label')!.cloneNode(true) as HTMLElement;
  label.querySelectorAll('svg').forEach((logo) => logo.remove());
  return label.textContent ?? '';
}

const consent = () =>
  screen.getByRole('checkbox', { name: /^I agree that delivery starts at once and that I thereby lose my 14-day right of withdrawal/ });

describe('/credits/{id}/{paymentmethod?}', () => {
  it('shows the package with its discount, the methods of the country and the fictional-profile disclosure; the checkbox starts unticked', async () => {
    renderCheckout('/credits/p1');
    const order = await screen.findByRole('region', { name: 'Your order' }, { timeout: 5_000 });
    expect(within(order).getByText('120 credits')).toBeTruthy();
    expect(order.querySelector('del')!.textContent).toBe('Normal price: €19.95');
    expect(within(order).getByText('25% off')).toBeTruthy();
    const methods = screen.getByRole('group', { name: 'Payment method' });
    expect(within(methods).getAllByRole('radio').map(labelText)).toEqual([
      // One card choice with the brands (issue 29), not "Credit card" beside Visa, Mastercard and Maestro.
      'iDEAL',
      'SEPA Direct Debit',
      'Bank transfer',
      'Debit or credit card (Visa, Mastercard, Maestro)',
      'Apple Pay',
      'PayPal',
      'paysafecard',
    ]);
    expect(
      within(methods)
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked),
    ).toHaveLength(0);
    const disclosure = screen.getByRole('region', { name: 'Before you pay' });
    expect(disclosure.textContent).toContain('Some profiles on this site are fictional and are run by our staff.');
    expect(disclosure.textContent).toContain('fictional profiles');
    expect((consent() as HTMLInputElement).checked).toBe(false);
    const card = within(methods).getByRole('radio', { name: 'Debit or credit card (Visa, Mastercard, Maestro)' });
    expect([...card.closest('label')!.querySelectorAll('svg[data-brand]')].map((logo) => logo.getAttribute('data-brand'))).toEqual([
      'visa',
      'mastercard',
      'maestro',
    ]);
    // The button says what it charges: the popular package's €19.95 less the welcome offer's 25%.
    expect(screen.getByRole('button', { name: 'Pay €14.96' })).toBeTruthy();
    expect(document.title).toBe('Checkout | Cupido Test');
  });

  it('refuses Pay now without a method and the checkbox, says what is missing and focuses it; nothing is sent', async () => {
    const { fetch, assign } = renderCheckout('/credits/p1');
    const pay = await screen.findByRole('button', { name: /^Pay €\d+\.\d\d$/ }, { timeout: 5_000 });
    const user = userEvent.setup();
    await user.click(pay);
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Please choose a payment method.',
      'Please tick the box above: your credits are delivered at once, so we need your agreement first.',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'iDEAL' }));
    expect(pay.getAttribute('aria-describedby')).toBe('checkout-missing');

    await user.click(screen.getByRole('radio', { name: 'iDEAL' }));
    await waitFor(() => expect(currentLocation()).toBe('/credits/p1/ideal'));
    expect((screen.getByRole('radio', { name: 'iDEAL' }) as HTMLInputElement).checked).toBe(true);
    await user.click(pay);
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Please tick the box above: your credits are delivered at once, so we need your agreement first.']);
    expect(document.activeElement).toBe(consent());
    expect(consent().getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetch, 'POST /api/payment.php')).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('posts the order with the consent and one idempotency key (kept for a retry), then goes to the provider', async () => {
    let calls = 0;
    const { fetch, assign } = renderCheckout('/credits/p1/ideal', () =>
      ++calls === 1
        ? apiError(409, 'payment_busy', 'Your payment is being started. Please try again in a moment.')
        : { body: { payment_id: 41, redirect_url: '/sandbox/checkout/41' } },
    );
    const pay = await screen.findByRole('button', { name: /^Pay €\d+\.\d\d$/ }, { timeout: 5_000 });
    expect((screen.getByRole('radio', { name: 'iDEAL' }) as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.click(consent());
    await user.click(pay);
    // The server's word, in the member's language, above the button.
    expect(await screen.findByText('Your payment is being started. Please try again in a moment.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/checkout/41'));

    const bodies = sentBodies(fetch, 'POST /api/payment.php') as Record<string, unknown>[];
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      package_id: 'p1',
      method: 'ideal',
      country: 'NL',
      withdrawal_consent: true,
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(bodies[1]!.idempotency_key).toBe(bodies[0]!.idempotency_key);
    expect(screen.getByRole('button', { name: 'Taking you to the payment…' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a double click while the payment starts sends one request, with the discount code of the address', async () => {
    const { fetch } = renderCheckout('/credits/p1/ideal?code=SPRING10', 'pending');
    const pay = await screen.findByRole('button', { name: /^Pay €\d+\.\d\d$/ }, { timeout: 5_000 });
    const user = userEvent.setup();
    await user.click(consent());
    await user.dblClick(pay);
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/payment.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST /api/payment.php')[0]).toMatchObject({ method: 'ideal', discount_code: 'SPRING10' });
  });

  it('the card choice sends creditcard, and a brand in the address checks it', async () => {
    const { fetch } = renderCheckout('/credits/p1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Debit or credit card/ }, { timeout: 5_000 }));
    await waitFor(() => expect(currentLocation()).toBe('/credits/p1/creditcard'));
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: 'Pay €14.96' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/payment.php')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST /api/payment.php')[0]).toMatchObject({ method: 'creditcard', package_id: 'p1' });
  });

  it('direct debit leads to its own form instead of Pay now', async () => {
    renderCheckout('/credits/p2?country=NL');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'SEPA Direct Debit' }, { timeout: 5_000 }));
    await waitFor(() => expect(currentLocation()).toBe('/credits/p2/sdd?country=NL'));
    expect(screen.getByRole('link', { name: 'Continue with SEPA Direct Debit' }).getAttribute('href')).toBe(
      '/directdebit?package=p2&country=NL',
    );
    expect(screen.queryByRole('button', { name: /^Pay €\d+\.\d\d$/ })).toBeNull();
  });

  it('leaves out card methods while card purchases are blocked, and answers 404 for an unknown package', async () => {
    stubApi({ 'GET /api/credit-packages.php': { body: packagesAnswer({ card_blocked: true }) } });
    renderWithProviders(
      <Routes>
        <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
      </Routes>,
      { user: makeUser(), route: '/credits/p0/visa' },
    );
    const methods = await screen.findByRole('group', { name: 'Payment method' }, { timeout: 5_000 });
    expect(within(methods).getAllByRole('radio').map(labelText)).toEqual([
      'iDEAL',
      'SEPA Direct Debit',
      'Bank transfer',
      'PayPal',
      'paysafecard',
    ]);
    expect(screen.getByText(/^Card payments are blocked/)).toBeTruthy();
  });

  it('an unknown package is the 404 page', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
      </Routes>,
      { user: makeUser(), route: '/credits/p9' },
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be found' }, { timeout: 5_000 })).toBeTruthy();
  });
});
