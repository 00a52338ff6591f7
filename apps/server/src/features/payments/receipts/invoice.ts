/**
 * What a paid payment gets in its own transaction: the seller's next invoice number and the VAT
 * of the member's country inside the price (decision 032).
 *
 * Invoice numbers are gapless per company and year (tax law): the counter row is incremented
 * with INSERT ... ON CONFLICT DO UPDATE, whose row lock holds until the payment's transaction
 * commits, so parallel payments of one company take turns and a rolled-back payment gives its
 * number back. Keep this call late in the transaction: the lock serialises one company's
 * payments from here to the commit.
 *
 * VAT: digital services to consumers are taxed where the member is (the payment country), at
 * that country's standard rate on the payment date; outside the EU and the UK no VAT is charged.
 */
import { sql } from 'drizzle-orm';
import VATRates from 'vatrates';
import { vatIncluded } from '@cupido/shared/payments';
import { invoiceCounters } from '../../../db/schema';
import type { Tx } from '../../credits/service';

export interface InvoiceFacts {
  invoiceNumber: string;
  /** Basis points (21% = 2100); 0 where no EU VAT applies. */
  vatRateBp: number;
  vatAmount: number;
}

/**
 * Standard rates that changed after the `vatrates` package's data was published (it still has
 * Finland at 24%), newest first per country: [first day in force (UTC), basis points]. A date
 * before all of a country's entries falls back to the package.
 */
const NEWER_STANDARD_RATES: Record<string, [string, number][]> = {
  FI: [['2024-09-01', 2550]],
  EE: [
    ['2025-07-01', 2400],
    ['2024-01-01', 2200],
  ],
  SK: [['2025-01-01', 2300]],
  RO: [['2025-08-01', 2100]],
  LU: [
    ['2024-01-01', 1700],
    ['2023-01-01', 1600],
  ],
};

/** Our country codes (ISO 3166) as the package names them: Greece is EL in EU VAT, the UK is UK. */
const PACKAGE_CODES: Record<string, string> = { GR: 'EL', GB: 'UK' };

/** The standard VAT rate in basis points for a consumer in `country` on `date`; 0 outside the EU/UK VAT area. */
export function standardVatRateBp(country: string, date: Date): number {
  const code = country.toUpperCase();
  const day = date.toISOString().slice(0, 10);
  const newer = NEWER_STANDARD_RATES[code]?.find(([from]) => from <= day);
  if (newer) return newer[1];
  const rates = new VATRates(date);
  const packageCode = PACKAGE_CODES[code] ?? code;
  if (!rates.isVATCountry(packageCode)) return 0;
  const percent = rates.getStandardRate(packageCode);
  // Rates can have decimals (17.5%, 25.5%): basis points keep them exact as integers.
  return percent === undefined ? 0 : Math.round(percent * 100);
}

/**
 * Year, company and sequence: "2026-1-000042" is company 1's 42nd invoice of 2026. Each company
 * (seller) has its own gapless series, and the company's id keeps the numbers of two sellers
 * apart (payments.invoice_number is unique across all of them).
 */
export function formatInvoiceNumber(year: number, companyId: number, sequence: number): string {
  return `${year}-${companyId}-${String(sequence).padStart(6, '0')}`;
}

/** The company's next invoice number of the payment's year (UTC), taken inside the payment's transaction. */
export async function nextInvoiceNumber(tx: Tx, companyId: number, paidAt: Date): Promise<string> {
  const year = paidAt.getUTCFullYear();
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ companyId, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.companyId, invoiceCounters.year], set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNumber(year, companyId, row!.last);
}

export async function invoiceOnPaid(tx: Tx, payment: { companyId: number; country: string; amount: number; paidAt: Date }): Promise<InvoiceFacts> {
  const vatRateBp = standardVatRateBp(payment.country, payment.paidAt);
  const invoiceNumber = await nextInvoiceNumber(tx, payment.companyId, payment.paidAt);
  return { invoiceNumber, vatRateBp, vatAmount: vatIncluded(payment.amount, vatRateBp) };
}
