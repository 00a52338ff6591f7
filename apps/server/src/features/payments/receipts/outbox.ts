/**
 * The receipt mail's outbox (helper: receipts). Placeholder with the signature until it lands:
 * called after the commit that marked a payment paid; the receipt job retries unsent ones.
 */
import type { PaymentDeps } from '../deps';

export async function queueReceipt(deps: PaymentDeps, paymentId: number): Promise<void> {
  void deps;
  void paymentId;
}
