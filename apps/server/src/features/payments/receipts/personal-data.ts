/** The receipts' part of "Download my data": the member's paid orders with what their receipts show, newest first. */
import { registerDataExportPart } from '../../personal-data/registry';
import { memberOrdersWithoutSeller } from './orders';

registerDataExportPart('orders', async ({ db }, userId) =>
  (await memberOrdersWithoutSeller(db, userId)).map(({ siteId: _siteId, ...order }) => order),
);
