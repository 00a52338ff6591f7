/**
 * What a paid payment gets in its own transaction (helper: receipts): the seller's next gapless
 * invoice number and the VAT of the member's country inside the price. Placeholder until it lands.
 */
import type { Tx } from '../../credits/service';

export interface InvoiceFacts {
  invoiceNumber: string;
  /** Basis points (21% = 2100); 0 where no EU VAT applies. */
  vatRateBp: number;
  vatAmount: number;
}

export async function invoiceOnPaid(tx: Tx, payment: { companyId: number; country: string; amount: number; paidAt: Date }): Promise<InvoiceFacts> {
  void tx;
  return { invoiceNumber: `${payment.paidAt.getUTCFullYear()}-TODO-${Math.random().toString(36).slice(2)}`, vatRateBp: 0, vatAmount: 0 };
}
