/** The receipts' part of "Download my data": the member's paid orders with what their receipts show, newest first. */
import { dataExportPart } from '../../personal-data/registry';
import { memberOrdersWithoutSeller } from './orders';

export const ordersDataPart = dataExportPart('orders', async ({ db }, userId) =>
  (await memberOrdersWithoutSeller(db, userId)).map(({ siteId: _siteId, ...order }) => order),
);
