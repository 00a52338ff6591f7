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
// The maintained rate table of the `sales-tax` package (current rates with their dated history), read as data: its calculator is not used.
import salesTaxRates from 'sales-tax/res/sales_tax_rates.json';
import { vatIncluded } from '@cupido/shared/rules/payments';
import { invoiceCounters } from '../../../db/schema';
import type { Tx } from '../../credits/service';

export interface InvoiceFacts {
  invoiceNumber: string;
  /** Basis points (21% = 2100); 0 where no EU VAT applies. */
  vatRateBp: number;
  vatAmount: number;
}

interface RateEntry {
  type: string;
  rate: number;
  /** Earlier rates: each applied before the instant it is keyed by. */
  before?: Record<string, { type: string; rate: number }>;
}
const RATES = salesTaxRates as unknown as Record<string, RateEntry>;

/**
 * Where VAT on digital services is due at the consumer's rate: the EU member states and the United
 * Kingdom (the product serves the EU and the UK; elsewhere no VAT is charged). Membership, not a
 * rate: the rates come from the package.
 */
export const VAT_AREA: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'GB',
]);

/** The standard VAT rate in basis points for a consumer in `country` on `date`; 0 outside the EU/UK VAT area. */
export function standardVatRateBp(country: string, date: Date): number {
  const code = country.toUpperCase();
  const entry = RATES[code];
  if (!VAT_AREA.has(code) || !entry || entry.type !== 'vat') return 0;
  // The earliest change still ahead of `date` tells the rate in force then; none ahead: today's rate.
  const changes = Object.entries(entry.before ?? {}).sort(([a], [b]) => Date.parse(a) - Date.parse(b));
  const earlier = changes.find(([instant]) => date.getTime() < Date.parse(instant));
  const rate = earlier ? earlier[1].rate : entry.rate;
  // Rates can have decimals (25.5%): basis points keep them exact as integers.
  return Math.round(rate * 10_000);
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

export async function invoiceOnPaid(
  tx: Tx,
  payment: { companyId: number; country: string; amount: number; paidAt: Date },
): Promise<InvoiceFacts> {
  const vatRateBp = standardVatRateBp(payment.country, payment.paidAt);
  const invoiceNumber = await nextInvoiceNumber(tx, payment.companyId, payment.paidAt);
  return { invoiceNumber, vatRateBp, vatAmount: vatIncluded(payment.amount, vatRateBp) };
}
