/** The credits feature's part of "Download my data": every ledger entry of the member, newest first, with the balance it left. */
import { registerDataExportPart } from '../personal-data/registry';
import { listCreditHistory } from './service';

registerDataExportPart('credit_history', async ({ db }, userId) => {
  const entries = await listCreditHistory(db, userId);
  return entries.map((entry) => ({
    created_at: entry.createdAt.toISOString(),
    kind: entry.kind,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
  }));
});
