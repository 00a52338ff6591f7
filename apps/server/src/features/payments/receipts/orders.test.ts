/** GET /api/orders.php: members only; the member's own paid orders, newest first, with the receipt's data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZOrdersAnswer } from '@cupido/shared/contracts/payments';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { users } from '../../../db/schema';
import { activeMember, createAccountsTestApp, errorOf, type AccountsTestApp } from '../../../test/accounts-kit';
import { insertPayment, siteOf } from './test/receipts-test-kit';

let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsTestApp(new Date('2026-11-23T08:00:00Z'));
});
afterAll(() => t.close());

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('GET /api/orders.php', () => {
  it('is for members only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/orders.php' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('authentication_required');
  });

  it("shows only the member's own paid orders, newest first", async () => {
    const site = await siteOf(t.database.db);
    const me = await activeMember(t);
    const other = await activeMember(t);
    const myId = await userIdOf(me.body.email);
    const otherId = await userIdOf(other.body.email);
    const older = await insertPayment(t.database.db, {
      userId: myId,
      siteId: site.id,
      paidAt: new Date('2026-11-20T10:00:00Z'),
      invoiceNumber: '2026-1-000201',
      amount: 995,
      credits: 50,
      packageId: 'p0',
      vatRateBp: 2100,
      vatAmount: 173,
    });
    const newer = await insertPayment(t.database.db, {
      userId: myId,
      siteId: site.id,
      paidAt: new Date('2026-11-22T10:00:00Z'),
      invoiceNumber: '2026-1-000203',
      amount: 1000,
      credits: 120,
      country: 'FI',
      vatRateBp: 2550,
      vatAmount: 203,
      discountPercentage: 25,
      method: 'visa',
    });
    await insertPayment(t.database.db, {
      userId: myId,
      siteId: site.id,
      paidAt: new Date('2026-11-23T10:00:00Z'),
      invoiceNumber: 'unused',
      status: 'open',
    });
    await insertPayment(t.database.db, {
      userId: otherId,
      siteId: site.id,
      paidAt: new Date('2026-11-21T10:00:00Z'),
      invoiceNumber: '2026-1-000202',
    });

    const response = await t.app.inject({ method: 'GET', url: '/api/orders.php', headers: { cookie: me.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const { orders } = ZOrdersAnswer.parse(response.json());
    expect(orders.map((o) => o.payment_id)).toEqual([newer, older]);
    expect(orders[0]).toEqual({
      payment_id: newer,
      invoice_number: '2026-1-000203',
      paid_at: '2026-11-22T10:00:00.000Z',
      package_id: 'p1',
      credits: 120,
      method: 'visa',
      currency: 'EUR',
      amount: 1000,
      net_amount: 797,
      vat_amount: 203,
      vat_rate_bp: 2550,
      vat_country: 'FI',
      discount_percentage: 25,
      refunded_amount: 0,
      withdrawal_consent_at: '2026-11-22T09:59:00.000Z',
      seller: {
        name: 'Cupido Media B.V.',
        address: 'Keizersgracht 123',
        city: 'Amsterdam',
        country: 'NL',
        kvk: '87654321',
        vat_numbers: ['NL864209753B01'],
      },
    });

    const theirs = await t.app.inject({ method: 'GET', url: '/api/orders.php', headers: { cookie: other.cookie } });
    expect(theirs.json().orders.map((o: { invoice_number: string }) => o.invoice_number)).toEqual(['2026-1-000202']);

    // "Download my data" holds the same orders (without the seller's details).
    const exported = await t.app.inject({ method: 'GET', url: '/api/personal-data.php', headers: { cookie: me.cookie } });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = ZPersonalDataExport.strict().parse(exported.json());
    const { seller: _seller, ...withoutSeller } = orders[0]!;
    expect(file.orders).toEqual([
      withoutSeller,
      expect.objectContaining({ payment_id: older, invoice_number: '2026-1-000201', vat_amount: 173, net_amount: 822 }),
    ]);
  });
});
