import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TTransactionAnswer } from '@cupido/shared/contracts/payments';
import { apiError, sentQueries, stubApi } from '../../test/api-stub';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import TransactionPage from './transaction-page';
import { transactionAnswer } from './test/shop-test-kit';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderTransaction(answers: TTransactionAnswer[], route = '/transactions/41') {
  let asked = 0;
  const fetch = stubApi({
    // Each poll gets the next answer; the last one stays.
    'GET /api/transaction.php': () => ({ body: answers[Math.min(asked++, answers.length - 1)] }),
    'GET /api/user.php': { body: { user: makeUser({ credits: 120, paid_user: true }) } },
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/transactions/:id?" element={<TransactionPage />} />
    </Routes>,
    { user: makeUser({ credits: 0, paid_user: false }), route },
  );
  return { fetch, view };
}

describe('/transactions/{id}', () => {
  it('while pending says so in a live region and asks every 2 s; once paid shows the credits, the new balance and Premium, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, view } = renderTransaction([
      transactionAnswer({ status: 'open' }),
      transactionAnswer({ status: 'pending' }),
      transactionAnswer({ status: 'paid' }),
    ]);
    const status = await screen.findByRole('status', {}, { timeout: 5_000 });
    expect(status.getAttribute('aria-live')).toBe('polite');
    await within(status).findByText('Processing, please wait. This page updates by itself.');
    expect(sentQueries(fetch, 'GET /api/transaction.php')).toEqual([{ id: '41' }]);

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(sentQueries(fetch, 'GET /api/transaction.php')).toHaveLength(2);
    expect(within(status).getByText('Processing, please wait. This page updates by itself.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await within(status).findByText('Payment completed')).toBeTruthy();
    expect(screen.getByText('Thank you! Your account has been topped up with 120 credits.')).toBeTruthy();
    expect(screen.getByText('You paid €14.96 with iDEAL.')).toBeTruthy();
    // The session is asked again: the balance and Premium come from it (and so does the navigation).
    expect(await screen.findByText('Your balance: 120 credits')).toBeTruthy();
    expect(screen.getByText('You are now a Premium member: you can see all photos of other members.')).toBeTruthy();
    expect(view.queryClient.getQueryData<{ credits: number }>(['session'])?.credits).toBe(120);
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
    expect(screen.getByRole('link', { name: 'Go to my messages' }).getAttribute('href')).toBe('/chats');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sentQueries(fetch, 'GET /api/transaction.php')).toHaveLength(3);
  });

  it('stops asking when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch, view } = renderTransaction([transactionAnswer({ status: 'pending' })]);
    await screen.findByText('Processing, please wait. This page updates by itself.', {}, { timeout: 5_000 });
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sentQueries(fetch, 'GET /api/transaction.php')).toHaveLength(1);
  });

  it('a failed recurring card payment offers a retry (repeat order) or PayPal', async () => {
    renderTransaction([transactionAnswer({ status: 'failed', recurring: true, method: 'visa', package_id: 'p2' })]);
    expect(
      await screen.findByText(
        'Your recurring card payment failed. You can try it again, or pay with PayPal. No money was taken and no credits were added.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retry' }).getAttribute('href')).toBe('/credits/repeat-order');
    expect(screen.getByRole('link', { name: 'Pay with PayPal' }).getAttribute('href')).toBe('/credits/p2/paypal');
    expect(screen.queryByRole('link', { name: 'Try another payment method' })).toBeNull();
  });

  it.each([
    ['failed', 'Your payment failed.'],
    ['cancelled', 'You cancelled the payment.'],
    ['expired', 'The payment was not completed in time.'],
  ] as const)('%s: says so and leads back to the package to try another method', async (status, text) => {
    renderTransaction([transactionAnswer({ status })]);
    const outcome = await screen.findByText(new RegExp(`^${text}`), {}, { timeout: 5_000 });
    expect(outcome.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try another payment method' }).getAttribute('href')).toBe('/credits/p1');
    expect(screen.queryByRole('link', { name: 'Retry' })).toBeNull();
  });

  it("someone else's or an unknown payment: not found, and no polling", async () => {
    const fetch = stubApi({ 'GET /api/transaction.php': apiError(404, 'not_found', 'Not found') });
    renderWithProviders(
      <Routes>
        <Route path="/transactions/:id?" element={<TransactionPage />} />
      </Routes>,
      { user: makeUser(), route: '/transactions/99' },
    );
    expect(await screen.findByText('This payment could not be found.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(sentQueries(fetch, 'GET /api/transaction.php')).toHaveLength(1);
  });

  it('/transactions without an id is the 404 page', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/transactions/:id?" element={<TransactionPage />} />
      </Routes>,
      { user: makeUser(), route: '/transactions' },
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be found' }, { timeout: 5_000 })).toBeTruthy();
  });
});
