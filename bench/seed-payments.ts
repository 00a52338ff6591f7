/**
 * Bench data for the payment webhooks (issue 14), written straight into the database before the
 * server starts:
 *
 * - THROUGHPUT_PAYMENTS paid payments, for the throughput of POST /api/payment-webhook/sandbox:
 *   each request a new notification about one of them (a new event id: stored once in a
 *   micro-batch, answered, then the status fetched from the sandbox and found to be nothing new,
 *   as most notifications a provider sends are: repeats, late ones, reports after the end). What
 *   a first notification costs on top (the credits, the invoice number, the receipt) is measured
 *   by the exactness check, which settles its 100 payments from open;
 * - EXACTNESS_PAYMENTS (100) open payments of EXACTNESS_MEMBERS fresh members, paid at the
 *   sandbox, for the 1,000-webhooks check: the bench sends each ten times, shuffled, all at once,
 *   then checks through the members' own calls that each was settled and its credits posted once.
 *   Their updated_at lies in the future, so the transaction page's own re-fetch (which would also
 *   settle them) stays out of the way and only the webhooks do the work.
 *
 * Every run makes new members and payments (keys carry the run's id), so a reused PostgreSQL
 * database gives the same picture; the tables are analyzed after, as autovacuum would soon do,
 * so that the planner does not take thousands of new rows for an empty table.
 */
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_CREDIT_PACKAGES } from '@cupido/shared/contracts/payments';
import type { Database } from '../apps/server/src/db/open';
import { payments, profiles, sandboxPayments, sessions, sites, users } from '../apps/server/src/db/schema';
import { newToken, sha256 } from '../apps/server/src/features/accounts/tokens';

export const THROUGHPUT_PAYMENTS = 5_000;
export const EXACTNESS_PAYMENTS = 100;
export const EXACTNESS_DELIVERIES_EACH = 10;
const EXACTNESS_MEMBERS = 10;

export interface PaymentsBench {
  /** Sandbox ids of the throughput payments. */
  throughputIds: string[];
  /** The exactness payments: sandbox id, our id, credits, and the owner's index in memberCookies. */
  exactness: { sandboxId: string; paymentId: number; credits: number; member: number }[];
  /** Session cookies of the exactness payments' members. */
  memberCookies: string[];
}

async function seedMembers(db: Database, siteId: number, run: string, count: number) {
  const now = new Date();
  const keys = Array.from({ length: count }, (_, i) => `payments-bench-${run}-${i}`);
  const profileRows = await db
    .insert(profiles)
    .values(keys.map((key) => ({ siteId, seedKey: key, name: 'Bench', gender: 'female' as const, birthDate: '1990-01-01', country: 'GB' })))
    .returning({ id: profiles.id, key: profiles.seedKey });
  const userRows = await db
    .insert(users)
    .values(
      profileRows.map((row) => ({
        siteId,
        profileId: row.id,
        email: `${row.key}@bench.example.com`,
        status: 'active' as const,
        createdAt: now,
        activatedAt: now,
      })),
    )
    .returning({ id: users.id });
  const tokens = userRows.map(() => newToken());
  await db.insert(sessions).values(
    userRows.map((u, i) => ({
      id: sha256(tokens[i]!),
      userId: u.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 2 * 86_400_000),
    })),
  );
  return { userIds: userRows.map((u) => u.id), cookies: tokens.map((token) => `auth.session=${token}`) };
}

async function seedPayments(
  db: Database,
  site: { id: number; domain: string },
  run: string,
  owners: number[],
  count: number,
  options: { updatedAt: Date; paid: boolean },
) {
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => {
    const pkg = DEFAULT_CREDIT_PACKAGES[i % DEFAULT_CREDIT_PACKAGES.length]!;
    return { i, pkg, sandboxId: `sbx_${randomBytes(12).toString('hex')}`, userId: owners[i % owners.length]!, member: i % owners.length };
  });
  const origin = `http://${site.domain}`;
  for (let start = 0; start < rows.length; start += 1_000) {
    const chunk = rows.slice(start, start + 1_000);
    await db.insert(sandboxPayments).values(
      chunk.map((r) => ({
        id: r.sandboxId,
        amount: r.pkg.amount,
        currency: 'EUR',
        method: 'visa',
        description: `bench ${run} ${r.i}`,
        returnUrl: `${origin}/transactions/0`,
        webhookUrl: `${origin}/api/payment-webhook/sandbox`,
        status: 'paid' as const,
        createdAt: now,
      })),
    );
    await db.insert(payments).values(
      chunk.map((r) => ({
        userId: r.userId,
        siteId: site.id,
        packageId: r.pkg.id,
        credits: r.pkg.credits,
        currency: 'EUR',
        listAmount: r.pkg.amount,
        amount: r.pkg.amount,
        method: 'visa' as const,
        country: 'GB',
        provider: 'sandbox',
        providerPaymentId: r.sandboxId,
        idempotencyKey: `bench_${run}_${r.i}`,
        // Settled history: its receipt went out then. Owed receipts would have the receipt job
        // render and send mails (200 a minute) in the middle of the measured rounds.
        ...(options.paid
          ? { status: 'paid' as const, paidAt: now, invoiceNumber: `bench-${run}-${r.i}`, vatRateBp: 0, vatAmount: 0, receiptSentAt: now }
          : {}),
        withdrawalConsentAt: now,
        createdAt: now,
        updatedAt: options.updatedAt,
      })),
    );
  }
  const stored = await db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      inArray(
        payments.providerPaymentId,
        rows.map((r) => r.sandboxId),
      ),
    );
  const idOf = new Map(stored.map((s) => [s.providerPaymentId!, s.id]));
  return rows.map((r) => ({ sandboxId: r.sandboxId, paymentId: idOf.get(r.sandboxId)!, credits: r.pkg.credits, member: r.member }));
}

export async function seedPaymentsBench(db: Database): Promise<PaymentsBench> {
  const [site] = await db
    .select({ id: sites.id, domain: sites.domain })
    .from(sites)
    .where(sql`${sites.isDefault}`);
  if (!site) throw new Error('no default site: seed the search bench profiles first');
  const run = randomBytes(4).toString('hex');
  const throughputOwners = await seedMembers(db, site.id, `${run}-t`, 20);
  const throughput = await seedPayments(db, site, `${run}-t`, throughputOwners.userIds, THROUGHPUT_PAYMENTS, {
    updatedAt: new Date(),
    paid: true,
  });
  const exactOwners = await seedMembers(db, site.id, `${run}-x`, EXACTNESS_MEMBERS);
  const exactness = await seedPayments(db, site, `${run}-x`, exactOwners.userIds, EXACTNESS_PAYMENTS, {
    updatedAt: new Date(Date.now() + 3_600_000),
    paid: false,
  });
  await db.execute(sql`analyze payments`);
  await db.execute(sql`analyze sandbox_payments`);
  return { throughputIds: throughput.map((p) => p.sandboxId), exactness, memberCookies: exactOwners.cookies };
}
