import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TOrder } from '@cupido/shared/contracts/payments';
import { stubPaymentApi } from '../premium/test/payments-test-kit';
import { makeUser, renderWithProviders } from '../../test/render-with-providers';
import { OrdersSection } from './orders-section';

const order = (overrides: Partial<TOrder> = {}): TOrder => ({
  payment_id: 41,
  invoice_number: 'CUP-2026-000041',
  paid_at: '2026-03-05T09:30:00.000Z',
  package_id: 'p1',
  credits: 120,
  method: 'sdd',
  currency: 'EUR',
  amount: 1995,
  net_amount: 1649,
  vat_amount: 346,
  vat_rate_bp: 2100,
  vat_country: 'NL',
  discount_percentage: 0,
  refunded_amount: 0,
  withdrawal_consent_at: '2026-03-05T09:29:10.000Z',
  seller: {
    name: 'Cupido Media B.V.',
    address: 'Keizersgracht 1',
    city: 'Amsterdam',
    country: 'NL',
    kvk: '12345678',
    vat_numbers: ['NL000000000B01'],
  },
  ...overrides,
});

/** Answers of the stubbed calls that their contract refuses (stubPaymentApi). */
let stubProblems: string[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  expect(stubProblems).toEqual([]);
  stubProblems = [];
});

function renderOrders(orders: TOrder[]) {
  stubProblems = stubPaymentApi({ 'GET /api/orders.php': { body: { orders } } }).problems;
  renderWithProviders(<OrdersSection />, { user: makeUser({ paid_user: true }), route: '/notifications' });
}

describe('orders and receipts in the settings', () => {
  it('lists each paid order with date, invoice number, credits, amount and method; the receipt shows the VAT apart', async () => {
    renderOrders([
      order(),
      order({
        payment_id: 40,
        invoice_number: 'CUP-2026-000040',
        credits: 50,
        amount: 995,
        method: 'ideal',
        discount_percentage: 25,
        refunded_amount: 300,
      }),
    ]);
    const section = await screen.findByRole('region', { name: 'Orders and receipts' }, { timeout: 5_000 });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(within(first).getByRole('heading', { name: '120 credits' })).toBeTruthy();
    expect(first.textContent).toContain('€19.95');
    expect(first.textContent).toContain('CUP-2026-000041');
    expect(first.textContent).toContain('SEPA direct debit');
    expect(first.querySelector('time')!.getAttribute('dateTime')).toBe('2026-03-05T09:30:00.000Z');
    expect(items[1]!.textContent).toContain('iDEAL');

    // The receipt is a disclosure, closed at first.
    const receipt = first.querySelector('details')!;
    expect(receipt.open).toBe(false);
    fireEvent.click(within(first).getByText('Receipt'));
    expect(receipt.open).toBe(true);
    const lines = within(receipt).getByRole('table', { name: 'Amounts of invoice CUP-2026-000041' });
    const row = (line: string) => Array.from(lines.querySelector(`[data-line="${line}"]`)!.children).map((cell) => cell.textContent);
    expect(row('net')).toEqual(['Price without VAT', '€16.49']);
    expect(row('vat')).toEqual(['VAT 21% (Netherlands)', '€3.46']);
    expect(row('total')).toEqual(['Total paid', '€19.95']);
    expect(receipt.textContent).toContain('Cupido Media B.V.');
    expect(receipt.textContent).toContain('Keizersgracht 1');
    expect(receipt.textContent).toContain('Chamber of Commerce no. 12345678');
    expect(receipt.textContent).toContain('VAT no. NL000000000B01');
    const consent = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-03-05T09:29:10.000Z'));
    expect(receipt.querySelector('[data-line="withdrawal"]')!.textContent).toBe(
      `On ${consent} you agreed that delivery of the credits starts at once, which ended your 14-day right of withdrawal.`,
    );

    // A discounted, partly refunded order says both.
    const second = items[1]!.querySelector('details')!;
    expect(second.textContent).toContain('Including a 25% discount');
    expect(second.querySelector('[data-line="refunded"]')!.textContent).toBe('Refunded−€3.00');
  });

  it('says so when the member never bought credits', async () => {
    renderOrders([]);
    expect(await screen.findByText('You have not bought any credits yet.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
