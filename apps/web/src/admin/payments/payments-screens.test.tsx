/**
 * Finance's screens (issue 14): the payments list sends its filters and pages on by the cursor;
 * the payment page refunds an amount typed in the currency's units with a reason after the
 * confirmation, one idempotency key per opened form, and shows a refusal; the revenue table.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ZPaymentDetail, ZRefundRequest, type TFinancePayment, type TPaymentDetail } from '@cupido/shared/contracts/finance';
import { renderScreen, stubAdmin } from '../ui/test/screen-test-kit';
import { Component as PaymentsListScreen } from './payments-list-screen';
import { Component as PaymentScreen } from './payment-screen';
import { Component as RevenueScreen } from './revenue-screen';
import { formatMoney, parseMoney } from './money';

const routes = [
  { path: '/admin/payments', element: <PaymentsListScreen /> },
  { path: '/admin/payments/:id', element: <PaymentScreen /> },
  { path: '/admin/revenue', element: <RevenueScreen /> },
];

const sites = () => ({
  body: {
    sites: [
      { id: 1, name: 'Cupido', domain: 'localhost' },
      { id: 2, name: 'Amora', domain: 'nl.localhost' },
    ],
  },
});

const payment = (id: number, extra: Partial<TFinancePayment> = {}): TFinancePayment => ({
  id,
  user_id: 42,
  email: 'sanne@example.com',
  site_id: 1,
  site_name: 'Cupido',
  package_id: 'p1',
  credits: 120,
  list_amount: 1995,
  discount_percentage: 0,
  amount: 1995,
  currency: 'EUR',
  method: 'ideal',
  status: 'paid',
  created_at: '2026-03-02T10:00:00.000Z',
  paid_at: '2026-03-02T10:01:00.000Z',
  invoice_number: `CUP-2026-${id}`,
  refunded_amount: 0,
  charged_back: false,
  charged_back_at: null,
  ...extra,
});

const detailOf = (p: TFinancePayment, refunds: TPaymentDetail['refunds'] = []): TPaymentDetail =>
  ZPaymentDetail.parse({
    payment: {
      ...p,
      country: 'NL',
      provider: 'sandbox',
      provider_payment_id: 'sb_1',
      vat_rate_bp: 2100,
      vat_amount: 346,
      recurring: false,
    },
    refunds,
    credits: {
      posted: p.credits,
      taken: refunds.reduce((s, r) => s + r.credits_taken, 0),
      spent: refunds.reduce((s, r) => s + r.credits_spent, 0),
    },
    refundable: p.amount - p.refunded_amount,
  });

describe('money', () => {
  it('reads and writes amounts in the currency units', () => {
    expect(formatMoney(1995, 'EUR')).toBe('€19.95');
    expect(formatMoney(1000, 'JPY')).toBe('JP¥1,000');
    expect(parseMoney('19.95', 'EUR')).toBe(1995);
    expect(parseMoney('19,9', 'EUR')).toBe(1990);
    expect(parseMoney('7', 'EUR')).toBe(700);
    expect(parseMoney('1.234', 'EUR')).toBeNull();
    expect(parseMoney('-1', 'EUR')).toBeNull();
    expect(parseMoney('1000', 'JPY')).toBe(1000);
  });
});

describe('payments list', () => {
  it('shows the payments, sends the filters and pages on by the cursor', async () => {
    const sent = stubAdmin({
      'GET /admin/api/payments/site-choices': sites,
      'GET /admin/api/payments': ({ url }) =>
        url.searchParams.get('before')
          ? { body: { payments: [payment(7)], next_before: null } }
          : {
              body: {
                payments: [payment(9, { refunded_amount: 500 }), payment(8, { status: 'failed', paid_at: null, invoice_number: null })],
                next_before: 8,
              },
            },
    });
    const user = userEvent.setup();
    renderScreen('/admin/payments', routes);
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    expect(within(table).getByRole('link', { name: 'Payment 9' }).getAttribute('href')).toBe('/admin/payments/9');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('€19.95');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('€5.00');
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Failed');
    // The table scrolls sideways on a phone: a focusable, named group.
    expect(screen.getByRole('group', { name: 'Payments, newest first' }).tabIndex).toBe(0);

    await screen.findByRole('option', { name: 'Amora (nl.localhost)' });
    await user.selectOptions(screen.getByLabelText('Site'), '2');
    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(Object.fromEntries(sent.at(-1)!.url.searchParams)).toEqual({ site_id: '2', status: 'paid' }));

    await user.click(screen.getByRole('button', { name: 'Older payments' }));
    await screen.findByRole('link', { name: 'Payment 7' });
    expect(Object.fromEntries(sent.at(-1)!.url.searchParams)).toMatchObject({ site_id: '2', status: 'paid', before: '8' });
    expect(screen.queryByRole('button', { name: 'Older payments' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to the newest' })).toBeTruthy();
  });
});

describe('payment page', () => {
  it('refunds an amount typed in euros with a reason after the confirmation, once per key', async () => {
    let current = detailOf(payment(9));
    const sent = stubAdmin({
      'GET /admin/api/payments/9': () => ({ body: current }),
      'POST /admin/api/payments/9/refunds': ({ body }) => {
        const request = ZRefundRequest.parse(body);
        const refund = {
          id: 1,
          kind: 'refund' as const,
          amount: request.amount,
          credits_taken: 61,
          credits_spent: 0,
          reason: request.reason,
          staff_user_id: 5,
          provider_refund_id: 're_1',
          created_at: '2026-03-10T10:00:00.000Z',
        };
        current = detailOf(payment(9, { refunded_amount: request.amount }), [refund]);
        return { body: { refund, refunded_amount: request.amount, replayed: false } };
      },
    });
    const user = userEvent.setup();
    renderScreen('/admin/payments/9', routes);
    const amount = await screen.findByLabelText('Amount in EUR');
    expect((amount as HTMLInputElement).value).toBe('19.95');
    expect(screen.getByText('Nothing given back.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Type an amount such as 9.95, at most €19.95.')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    await user.clear(amount);
    await user.type(amount, '10,00');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Give a reason.')).toBeTruthy();
    await user.type(screen.getByLabelText('Reason'), 'double booking');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Confirm the refund first.')).toBeTruthy();
    expect(sent.some((s) => s.key.startsWith('POST'))).toBe(false);

    await user.click(screen.getByLabelText('I confirm the refund of €10.00 to the member.'));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect((await screen.findByRole('status')).textContent).toBe('Refunded €10.00: 61 credits taken back, 0 already spent.');
    const posts = sent.filter((s) => s.key === 'POST /admin/api/payments/9/refunds');
    expect(posts.map((s) => s.body)).toEqual([
      { amount: 1000, reason: 'double booking', idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);

    // The history shows it; the form starts afresh for the rest.
    const history = await screen.findByRole('table', { name: 'Refunds and chargebacks' });
    expect(history.textContent).toContain('double booking');
    expect(history.textContent).toContain('re_1');
    await waitFor(() => expect((screen.getByLabelText('Amount in EUR') as HTMLInputElement).value).toBe('9.95'));
    await user.type(screen.getByLabelText('Reason'), 'the rest');
    await user.click(screen.getByLabelText('I confirm the refund of €9.95 to the member.'));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sent.filter((s) => s.key === 'POST /admin/api/payments/9/refunds')).toHaveLength(2));
    const keys = sent
      .filter((s) => s.key === 'POST /admin/api/payments/9/refunds')
      .map((s) => (s.body as { idempotency_key: string }).idempotency_key);
    expect(new Set(keys).size).toBe(2);
  });

  it('shows a refusal of the server (the provider refused) and keeps the form', async () => {
    stubAdmin({
      'GET /admin/api/payments/9': () => ({ body: detailOf(payment(9)) }),
      'POST /admin/api/payments/9/refunds': () => ({
        status: 502,
        body: { error: { code: 'provider_refused_refund', message: 'The payment provider refused the refund.' } },
      }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/payments/9', routes);
    await user.type(await screen.findByLabelText('Reason'), 'member asked');
    await user.click(screen.getByLabelText('I confirm the refund of €19.95 to the member.'));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The payment provider refused the refund.');
    expect((screen.getByLabelText('Amount in EUR') as HTMLInputElement).value).toBe('19.95');
  });

  it('offers no refund for a charged-back payment and lists the chargeback', async () => {
    const chargeback = {
      id: 2,
      kind: 'chargeback' as const,
      amount: 1995,
      credits_taken: 90,
      credits_spent: 30,
      reason: 'chargeback reported by the provider',
      staff_user_id: null,
      provider_refund_id: null,
      created_at: '2026-03-09T08:00:00.000Z',
    };
    const detail = {
      ...detailOf(payment(9, { refunded_amount: 1995, charged_back: true, charged_back_at: '2026-03-09T08:00:00.000Z' }), [chargeback]),
      refundable: 0,
    };
    stubAdmin({ 'GET /admin/api/payments/9': () => ({ body: detail }) });
    renderScreen('/admin/payments/9', routes);
    expect(await screen.findByText(/This payment cannot be refunded/)).toBeTruthy();
    expect(screen.queryByLabelText('Amount in EUR')).toBeNull();
    expect(screen.getByText('Charged back on 9 Mar 2026, 08:00 UTC')).toBeTruthy();
    expect(screen.getByText('Credits: 120 posted, 90 taken back, 30 already spent when refunded.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Refunds and chargebacks' })).getByText('Chargeback')).toBeTruthy();
  });
});

describe('revenue', () => {
  it('shows the totals per currency and the rows per day and site, and sends the period', async () => {
    const sent = stubAdmin({
      'GET /admin/api/payments/site-choices': sites,
      'GET /admin/api/revenue': () => ({
        body: {
          from: '2026-03-01',
          to: '2026-03-30',
          site_id: null,
          rows: [
            { day: '2026-03-05', site_id: 1, site_name: 'Cupido', currency: 'EUR', paid_count: 2, gross: 3990, refunds: 500, net: 3490 },
            { day: '2026-03-05', site_id: 2, site_name: 'Amora', currency: 'PLN', paid_count: 1, gross: 4900, refunds: 0, net: 4900 },
          ],
          totals: [
            { currency: 'EUR', paid_count: 2, gross: 3990, refunds: 500, net: 3490 },
            { currency: 'PLN', paid_count: 1, gross: 4900, refunds: 0, net: 4900 },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderScreen('/admin/revenue', routes);
    const totals = await screen.findByRole('table', { name: 'Totals of the period' });
    expect(within(totals).getAllByRole('row')[1]!.textContent).toBe('EUR2€39.90€5.00€34.90');
    const rows = screen.getByRole('table', { name: 'Revenue per day and site' });
    expect(within(rows).getAllByRole('row')[2]!.textContent).toContain('PLN');
    expect(within(rows).getAllByRole('row')[2]!.textContent).toContain('49.00');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(Object.fromEntries(sent.filter((s) => s.key === 'GET /admin/api/revenue').at(-1)!.url.searchParams)).toEqual({
        from: '2026-02-01',
        to: '2026-03-30',
      }),
    );
  });
});
