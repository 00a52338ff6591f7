/**
 * Money given back (helper: finance): a refund by finance staff or a chargeback the provider
 * reports. Placeholder with the signature the webhook processing calls, inside the payment's
 * transaction with the payment row locked.
 */
import type { Tx } from '../../credits/service';

export interface ChargebackInput {
  paymentId: number;
  userId: number;
  /** The payment's amount and credits. */
  amount: number;
  credits: number;
  now: Date;
}

/** Takes back the purchase's unspent credits, records what was already spent, and blocks card purchases until support lifts it. */
export async function applyChargeback(tx: Tx, input: ChargebackInput): Promise<void> {
  void tx;
  void input;
}
