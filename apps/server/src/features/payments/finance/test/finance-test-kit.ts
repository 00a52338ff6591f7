/**
 * Finance's tests: a provider whose refunds the test controls (the app is built with it in its
 * payment provider slot: createTestApp's `providers`), members with a paid payment inserted as the core's settle would
 * leave it (the payment row and its 'purchase' ledger entry), and spending.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../../db/open';
import { payments, sites, users } from '../../../../db/schema';
import { changeCredits } from '../../../credits/service';
import type { PaymentProvider } from '../../providers/port';

export interface FakeProvider extends PaymentProvider {
  refunds: { providerPaymentId: string; amount: number }[];
  /** Set to make the next refunds fail (the provider refused). */
  refuse: boolean;
  /** Resolves a refund only when the test lets it (null: at once). */
  gate: Promise<void> | null;
}

export function createFakeProvider(): FakeProvider {
  const provider: FakeProvider = {
    name: 'sandbox',
    refunds: [],
    refuse: false,
    gate: null,
    createPayment: () => Promise.reject(new Error('not used by finance tests')),
    fetchStatus: () => Promise.reject(new Error('not used by finance tests')),
    async refund(providerPaymentId, amount) {
      if (provider.gate) await provider.gate;
      if (provider.refuse) throw new Error('refund refused by the test provider');
      provider.refunds.push({ providerPaymentId, amount });
      return { refundId: `re_${provider.refunds.length}_${randomBytes(3).toString('hex')}` };
    },
    parseWebhook: () => null,
    webhookAnswer: { contentType: 'text/plain', body: 'OK' },
  };
  return provider;
}

export async function defaultSiteId(db: Database): Promise<number> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'localhost'));
  return site!.id;
}

export async function newMember(db: Database, siteId: number): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ siteId, email: `payer-${randomBytes(6).toString('hex')}@example.test`, status: 'active', createdAt: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

let invoiceCounter = 0;

/** A paid payment of `credits` for `amount` with its purchase entry, as settle leaves it. */
export async function paidPayment(
  db: Database,
  input: {
    userId: number;
    siteId: number;
    credits?: number;
    amount?: number;
    method?: 'visa' | 'ideal' | 'sdd';
    paidAt?: Date;
    currency?: string;
  },
): Promise<number> {
  const credits = input.credits ?? 120;
  const amount = input.amount ?? 1995;
  const paidAt = input.paidAt ?? new Date();
  invoiceCounter += 1;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        userId: input.userId,
        siteId: input.siteId,
        packageId: 'p1',
        credits,
        currency: input.currency ?? 'EUR',
        listAmount: amount,
        amount,
        method: input.method ?? 'visa',
        country: 'NL',
        provider: 'sandbox',
        providerPaymentId: `sb_${randomBytes(8).toString('hex')}`,
        status: 'paid',
        idempotencyKey: randomBytes(8).toString('hex'),
        withdrawalConsentAt: paidAt,
        createdAt: paidAt,
        updatedAt: paidAt,
        paidAt,
        invoiceNumber: `T${process.pid}-${invoiceCounter}-${randomBytes(3).toString('hex')}`,
      })
      .returning({ id: payments.id });
    await changeCredits(tx, {
      userId: input.userId,
      amount: credits,
      kind: 'purchase',
      idempotencyKey: `payment:${row!.id}`,
      reference: `payment:${row!.id}`,
      now: paidAt,
    });
    return row!.id;
  });
}

/** An open (unpaid) payment. */
export async function openPayment(db: Database, input: { userId: number; siteId: number }): Promise<number> {
  const now = new Date();
  const [row] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      siteId: input.siteId,
      packageId: 'p0',
      credits: 50,
      currency: 'EUR',
      listAmount: 995,
      amount: 995,
      method: 'ideal',
      country: 'NL',
      provider: 'sandbox',
      providerPaymentId: `sb_${randomBytes(8).toString('hex')}`,
      idempotencyKey: randomBytes(8).toString('hex'),
      withdrawalConsentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: payments.id });
  return row!.id;
}

export async function spend(db: Database, userId: number, credits: number): Promise<void> {
  await db.transaction((tx) =>
    changeCredits(tx, {
      userId,
      amount: -credits,
      kind: 'message',
      idempotencyKey: `spend:${randomBytes(6).toString('hex')}`,
      now: new Date(),
    }),
  );
}

export async function balanceOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

export async function paymentRow(db: Database, paymentId: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}
