/** A member's paid orders as receipts (GET /api/orders.php and the personal data export). */
import { and, desc, eq } from 'drizzle-orm';
import type { TOrder } from '@cupido/shared/contracts/payments';
import { payments } from '../../../db/schema';
import type { Database } from '../../../db/open';
import type { PaymentDeps } from '../deps';

/** Most members have a handful; the list is not paged. */
const ORDERS_MAX = 500;

type OrderWithoutSeller = Omit<TOrder, 'seller'>;

/** The member's paid orders, newest first, without the seller (the personal data export has no use for it). */
export async function memberOrdersWithoutSeller(
  db: Pick<Database, 'select'>,
  userId: number,
): Promise<(OrderWithoutSeller & { siteId: number })[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(ORDERS_MAX);
  return rows.map((row) => {
    const vatAmount = row.vatAmount ?? 0;
    return {
      siteId: row.siteId,
      payment_id: row.id,
      invoice_number: row.invoiceNumber ?? '',
      paid_at: row.paidAt!.toISOString(),
      package_id: row.packageId,
      credits: row.credits,
      method: row.method,
      currency: row.currency,
      amount: row.amount,
      net_amount: row.amount - vatAmount,
      vat_amount: vatAmount,
      vat_rate_bp: row.vatRateBp ?? 0,
      vat_country: row.country,
      discount_percentage: row.discountPercentage,
      refunded_amount: row.refundedAmount,
      withdrawal_consent_at: row.withdrawalConsentAt.toISOString(),
    };
  });
}

/** The member's paid orders with the seller of each: the company behind the site it was bought on. */
export async function memberOrders(deps: Pick<PaymentDeps, 'db' | 'sites'>, userId: number): Promise<TOrder[]> {
  const orders = await memberOrdersWithoutSeller(deps.db, userId);
  const sellers = new Map<number, TOrder['seller']>();
  for (const siteId of new Set(orders.map((o) => o.siteId))) {
    const site = await deps.sites.byId(siteId);
    if (!site) continue;
    const company = await deps.sites.company(site);
    sellers.set(siteId, {
      name: company.name,
      address: company.address,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      vat_numbers: company.vatNumbers,
    });
  }
  const unknownSeller: TOrder['seller'] = { name: '', address: '', city: '', country: '', kvk: '', vat_numbers: [] };
  return orders.map(({ siteId, ...order }) => ({ ...order, seller: sellers.get(siteId) ?? unknownSeller }));
}
