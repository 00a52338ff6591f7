/**
 * The whole path through the app and the sandbox provider: a new member pays within the time
 * bonus, the payment is settled by the webhook, and the member gets the receipt mail (invoice
 * number, discount, Irish VAT apart), finds the order in GET /api/orders.php, and the welcome
 * discount is used up.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { vatIncluded } from '@cupido/shared/rules/payments';
import {
  choose,
  createPaymentsTestApp,
  eventsProcessed,
  member,
  paymentRow,
  startedPayment,
  userRow,
  webhook,
  type PaymentsTestApp,
} from '../test/payments-test-kit';

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
}, 60_000);
afterAll(async () => t?.close());

it('a paid payment sends its receipt and shows in the orders; TIMEBONUS25 is then used', async () => {
  const m = await member(t);
  const { email } = await userRow(t, m.userId);
  const welcome = await t.app.inject({
    method: 'GET',
    url: '/api/discountcode.php?domain=localhost&welcome=true',
    headers: { cookie: m.cookie },
  });
  expect(welcome.json()).toMatchObject({ code: 'TIMEBONUS25' });

  const p = await startedPayment(t, m.cookie, { package_id: 'p1', method: 'visa', country: 'IE' });
  expect(p.row).toMatchObject({ listAmount: 1995, discountPercentage: 25, amount: 1496 });
  await choose(t, p.sandboxId, 'paid');
  await webhook(t, p.sandboxId);
  await eventsProcessed(t);
  const row = await paymentRow(t, p.id);
  expect(row.status).toBe('paid');
  expect(row).toMatchObject({ vatRateBp: 2300, vatAmount: vatIncluded(1496, 2300) });
  expect(row.invoiceNumber).toMatch(/^2026-\d+-\d{6}$/);

  const mail = await t.smtp.waitForMail(email, (x) => x.subject.includes(row.invoiceNumber!));
  expect(mail.text).toContain(`Invoice number: ${row.invoiceNumber}`);
  expect(mail.text).toContain('Discount: 25%');
  expect(mail.text).toContain('VAT 23%: €2.80');
  expect(mail.text).toContain('Total paid: €14.96');
  expect(mail.text).toContain('you thereby lose your 14-day right of withdrawal');
  expect(mail.text).toContain('Cupido Media B.V.');
  expect((await paymentRow(t, p.id)).receiptSentAt).not.toBeNull();

  const orders = await t.app.inject({ method: 'GET', url: '/api/orders.php?domain=localhost', headers: { cookie: m.cookie } });
  expect(orders.json().orders).toEqual([
    expect.objectContaining({
      payment_id: p.id,
      invoice_number: row.invoiceNumber,
      amount: 1496,
      vat_amount: 280,
      net_amount: 1216,
      vat_rate_bp: 2300,
      vat_country: 'IE',
      discount_percentage: 25,
    }),
  ]);

  const after = await t.app.inject({
    method: 'GET',
    url: '/api/discountcode.php?domain=localhost&code=TIMEBONUS25',
    headers: { cookie: m.cookie },
  });
  expect(after.statusCode).toBe(409);
  expect(after.json().error.message).toBe('Code already used');
});

it('a payer from the UK is charged, receipted and taxed in pounds (issue 29): the GBP list, UK VAT, the receipt and the orders in GBP', async () => {
  const m = await member(t);
  const { email } = await userRow(t, m.userId);
  const p = await startedPayment(t, m.cookie, { package_id: 'p1', method: 'visa', country: 'GB' });
  // £16.99 from the demo site's pound list, less the welcome 25%.
  expect(p.row).toMatchObject({ currency: 'GBP', listAmount: 1699, discountPercentage: 25, amount: 1274 });
  await choose(t, p.sandboxId, 'paid');
  await webhook(t, p.sandboxId);
  await eventsProcessed(t);
  const row = await paymentRow(t, p.id);
  expect(row).toMatchObject({ status: 'paid', vatRateBp: 2000, vatAmount: vatIncluded(1274, 2000) });

  const mail = await t.smtp.waitForMail(email, (x) => x.subject.includes(row.invoiceNumber!));
  expect(mail.text).toContain(`VAT 20%: £${(vatIncluded(1274, 2000) / 100).toFixed(2)}`);
  expect(mail.text).toContain('Total paid: £12.74');
  expect(mail.text).not.toContain('€');

  const orders = await t.app.inject({ method: 'GET', url: '/api/orders.php?domain=localhost', headers: { cookie: m.cookie } });
  expect(orders.json().orders).toEqual([
    expect.objectContaining({ payment_id: p.id, currency: 'GBP', amount: 1274, vat_amount: vatIncluded(1274, 2000), vat_country: 'GB' }),
  ]);
});
