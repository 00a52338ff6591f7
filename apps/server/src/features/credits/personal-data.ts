/** The credits feature's part of "Download my data": every ledger entry of the member, newest first, with the balance it left. */
import { dataExportPart } from '../personal-data/registry';
import { listCreditHistory } from './service';

export const creditHistoryDataPart = dataExportPart('credit_history', async ({ db }, userId) => {
  const entries = await listCreditHistory(db, userId);
  return entries.map((entry) => ({
    created_at: entry.createdAt.toISOString(),
    kind: entry.kind,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
  }));
});
