import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, sentBodies, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import RepeatOrderPage from './repeat-order-page';

afterEach(() => vi.restoreAllMocks());

describe('/credits/repeat-order', () => {
  it('shows the last order; Pay now needs the unticked checkbox, then posts with an idempotency key and goes to the provider', async () => {
    const fetch = stubApi({
      'GET /api/repeat-order.php': {
        body: { package_id: 'p1', credits: 120, amount: 1995, currency: 'EUR', method: 'visa', country: 'NL' },
      },
      'POST /api/repeat-order.php': { body: { payment_id: 42, redirect_url: '/sandbox/checkout/42' } },
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderWithProviders(<RepeatOrderPage />, { user: makeUser({ paid_user: true }), route: '/credits/repeat-order' });
    const order = await screen.findByRole('region', { name: 'Your last order' }, { timeout: 5_000 });
    expect(order.textContent).toContain('120 credits');
    expect(order.textContent).toContain('€19.95');
    expect(order.textContent).toContain('Payment method: Visa');
    expect(order.textContent).toContain('Netherlands');
    expect(order.textContent).toContain('recurring payment');
    expect(screen.getByRole('region', { name: 'Before you pay' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(screen.getByRole('alert').textContent).toContain('Please tick the box above');
    expect(sentBodies(fetch, 'POST /api/repeat-order.php')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /^I agree that delivery starts at once/ }));
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/checkout/42'));
    expect(sentBodies(fetch, 'POST /api/repeat-order.php')).toEqual([
      { withdrawal_consent: true, idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
  });

  it('a member who never paid is sent to the packages', async () => {
    stubApi({ 'GET /api/repeat-order.php': apiError(404, 'no_paid_order', 'You have not bought anything yet.') });
    renderWithProviders(<RepeatOrderPage />, { user: makeUser(), route: '/credits/repeat-order' });
    expect(await screen.findByText('You have not bought any credits yet.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the credit packages' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});
