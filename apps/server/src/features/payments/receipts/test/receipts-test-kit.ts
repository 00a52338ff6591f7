/**
 * Test helpers of receipts and discounts: members inserted straight into a test database and
 * paid payments as the settle step leaves them (invoice number, VAT, paid_at), so these tests do
 * not depend on the provider and webhook path.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { TPackageId, TPaymentMethod } from '@cupido/shared/rules/payments';
import type { Database } from '../../../../db/open';
import { payments, sites, users } from '../../../../db/schema';
import type { Tx } from '../../../credits/service';

export async function siteOf(db: Database, domain = 'localhost') {
  const [site] = await db.select().from(sites).where(eq(sites.domain, domain));
  if (!site) throw new Error(`no site ${domain}`);
  return site;
}

export async function insertMember(
  db: Database,
  siteId: number,
  options: { createdAt: Date; language?: LocaleCode; paidUser?: boolean; email?: string },
): Promise<{ id: number; email: string }> {
  const email = options.email ?? `member-${randomBytes(6).toString('hex')}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      siteId,
      email,
      status: 'active',
      createdAt: options.createdAt,
      language: options.language ?? 'en',
      paidUser: options.paidUser ?? false,
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

export interface PaidPaymentInput {
  userId: number;
  siteId: number;
  paidAt: Date;
  invoiceNumber: string;
  amount?: number;
  credits?: number;
  packageId?: TPackageId;
  method?: TPaymentMethod;
  country?: string;
  vatRateBp?: number;
  vatAmount?: number;
  discountPercentage?: number;
  status?: 'paid' | 'open';
}

/** A payment as settle leaves it once paid (or an open one, with status 'open'). */
export async function insertPayment(db: Database | Tx, input: PaidPaymentInput): Promise<number> {
  const amount = input.amount ?? 1995;
  const paid = (input.status ?? 'paid') === 'paid';
  const [row] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      siteId: input.siteId,
      packageId: input.packageId ?? 'p1',
      credits: input.credits ?? 120,
      currency: 'EUR',
      listAmount: amount,
      amount,
      discountPercentage: input.discountPercentage ?? 0,
      method: input.method ?? 'ideal',
      country: input.country ?? 'NL',
      provider: 'sandbox',
      providerPaymentId: `sb_${randomBytes(6).toString('hex')}`,
      status: paid ? 'paid' : 'open',
      idempotencyKey: randomBytes(8).toString('hex'),
      withdrawalConsentAt: new Date(input.paidAt.getTime() - 60_000),
      createdAt: new Date(input.paidAt.getTime() - 60_000),
      updatedAt: input.paidAt,
      paidAt: paid ? input.paidAt : null,
      invoiceNumber: paid ? input.invoiceNumber : null,
      vatRateBp: paid ? (input.vatRateBp ?? 2100) : null,
      vatAmount: paid ? (input.vatAmount ?? 346) : null,
    })
    .returning({ id: payments.id });
  return row!.id;
}
