/**
 * Invoice numbers and VAT of a paid payment (issue 14): numbers are gapless and unique per
 * company and year under parallel paid payments (PostgreSQL's pool with TEST_DATABASE_URL, else
 * PGlite), a rolled-back payment gives its number back, and the VAT rate is the payment
 * country's standard rate on the payment date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../db/open';
import { companies, payments } from '../../../db/schema';
import { seedDemoSites } from '../../../seed/demo-sites';
import { createTestDatabase } from '../../../test/test-database';
import { invoiceOnPaid, standardVatRateBp } from './invoice';
import { insertMember, insertPayment } from './test/receipts-test-kit';

const PAID_AT = new Date('2026-11-23T12:00:00Z');

let database: DatabaseHandle;
let siteId: number;
let userId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  siteId = (await seedDemoSites(database.db))[0]!.id;
  userId = (await insertMember(database.db, siteId, { createdAt: new Date('2026-11-01T00:00:00Z') })).id;
});
afterAll(() => database.close());

async function newCompany(name: string): Promise<number> {
  const [row] = await database.db
    .insert(companies)
    .values({ name, address: 'Herengracht 1', kvk: '12345678', city: 'Amsterdam', country: 'NL', supportPhone: '+31 20 000 0000' })
    .returning({ id: companies.id });
  return row!.id;
}

class RolledBack extends Error {}

/** One paid payment in its own transaction: the invoice, then the payment row with it; `fail` rolls it back at the end. */
async function payInTransaction(companyId: number, paidAt: Date, fail = false): Promise<string> {
  return database.db.transaction(async (tx) => {
    const invoice = await invoiceOnPaid(tx, { companyId, country: 'NL', amount: 1995, paidAt });
    await insertPayment(tx, {
      userId,
      siteId,
      paidAt,
      invoiceNumber: invoice.invoiceNumber,
      vatRateBp: invoice.vatRateBp,
      vatAmount: invoice.vatAmount,
    });
    if (fail) throw new RolledBack(invoice.invoiceNumber);
    return invoice.invoiceNumber;
  });
}

describe('invoice numbers', () => {
  it('start at 1 and count up per company and year', async () => {
    const a = await newCompany('Alpha B.V.');
    const b = await newCompany('Beta B.V.');
    expect(await payInTransaction(a, PAID_AT)).toBe(`2026-${a}-000001`);
    expect(await payInTransaction(a, PAID_AT)).toBe(`2026-${a}-000002`);
    expect(await payInTransaction(b, PAID_AT)).toBe(`2026-${b}-000001`);
    expect(await payInTransaction(a, new Date('2027-01-01T00:00:00Z'))).toBe(`2027-${a}-000001`);
    expect(await payInTransaction(a, PAID_AT)).toBe(`2026-${a}-000003`);
  });

  it('a rolled-back payment gives its number back', async () => {
    const company = await newCompany('Gamma B.V.');
    expect(await payInTransaction(company, PAID_AT)).toBe(`2026-${company}-000001`);
    await expect(payInTransaction(company, PAID_AT, true)).rejects.toThrow(new RolledBack(`2026-${company}-000002`));
    expect(await payInTransaction(company, PAID_AT)).toBe(`2026-${company}-000002`);
  });

  it('20 parallel paid payments, 5 of them rolled back: the 15 committed numbers are 1 to 15, each once', async () => {
    const company = await newCompany('Delta B.V.');
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => payInTransaction(company, PAID_AT, i % 4 === 3)));
    const committed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const failed = outcomes.filter((o) => o.status === 'rejected');
    expect(failed).toHaveLength(5);
    for (const f of failed) expect((f as PromiseRejectedResult).reason).toBeInstanceOf(RolledBack);
    const expected = Array.from({ length: 15 }, (_, i) => `2026-${company}-${String(i + 1).padStart(6, '0')}`);
    expect([...committed].sort()).toEqual(expected);
    // What the database holds agrees: this company's paid payments carry exactly these numbers.
    const stored = await database.db
      .select({ n: payments.invoiceNumber })
      .from(payments)
      .where(and(eq(payments.status, 'paid'), like(payments.invoiceNumber, `2026-${company}-%`)));
    expect(stored.map((s) => s.n).sort()).toEqual(expected);
    expect(await payInTransaction(company, PAID_AT)).toBe(`2026-${company}-000016`);
  });
});

describe('VAT', () => {
  it('is the standard rate of the payment country on the payment date', () => {
    expect(standardVatRateBp('NL', PAID_AT)).toBe(2100);
    expect(standardVatRateBp('DE', PAID_AT)).toBe(1900);
    expect(standardVatRateBp('BE', PAID_AT)).toBe(2100);
    expect(standardVatRateBp('FR', PAID_AT)).toBe(2000);
    expect(standardVatRateBp('IT', PAID_AT)).toBe(2200);
    expect(standardVatRateBp('PL', PAID_AT)).toBe(2300);
    expect(standardVatRateBp('IE', PAID_AT)).toBe(2300);
    expect(standardVatRateBp('AT', PAID_AT)).toBe(2000);
    // Finland raised its rate to 25.5% on 1 September 2024 (newer than the package's data).
    expect(standardVatRateBp('FI', PAID_AT)).toBe(2550);
    expect(standardVatRateBp('FI', new Date('2024-08-31T12:00:00Z'))).toBe(2400);
    // Estonia's 24% from 1 July 2025 (22% before): a change the table carries with its date.
    expect(standardVatRateBp('EE', new Date('2025-07-02T12:00:00Z'))).toBe(2400);
    expect(standardVatRateBp('EE', new Date('2025-03-01T12:00:00Z'))).toBe(2200);
    expect(standardVatRateBp('GR', PAID_AT)).toBe(2400);
    expect(standardVatRateBp('GB', PAID_AT)).toBe(2000);
    // Germany's temporary 16% in the second half of 2020.
    expect(standardVatRateBp('DE', new Date('2020-09-01T12:00:00Z'))).toBe(1600);
  });

  it('is 0 outside the EU and UK VAT area', () => {
    for (const country of ['US', 'CA', 'AU', 'NZ', 'CH']) expect(standardVatRateBp(country, PAID_AT), country).toBe(0);
  });

  it('the VAT amount is the part of the price that is VAT', async () => {
    const company = await newCompany('Epsilon B.V.');
    const facts = await database.db.transaction((tx) =>
      invoiceOnPaid(tx, { companyId: company, country: 'NL', amount: 1995, paidAt: PAID_AT }),
    );
    // 19.95 including 21%: net 16.49, VAT 3.46.
    expect(facts).toEqual({ invoiceNumber: `2026-${company}-000001`, vatRateBp: 2100, vatAmount: 346 });
    const us = await database.db.transaction((tx) =>
      invoiceOnPaid(tx, { companyId: company, country: 'US', amount: 1995, paidAt: PAID_AT }),
    );
    expect(us).toMatchObject({ vatRateBp: 0, vatAmount: 0 });
    const fi = await database.db.transaction((tx) =>
      invoiceOnPaid(tx, { companyId: company, country: 'FI', amount: 1000, paidAt: PAID_AT }),
    );
    // 10.00 * 25.5 / 125.5 = 2.0318...
    expect(fi).toMatchObject({ vatRateBp: 2550, vatAmount: 203 });
  });
});
