/**
 * The direct debit requests (table direct_debit_requests): one per form a code was sent for. The
 * code is kept only as its SHA-256; the bank details only until the payment is started, then
 * wiped down to what still explains the row. Expired rows are deleted by a job, an erased
 * member's with the erasure.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { DIRECT_DEBIT_CODE_LENGTH, DIRECT_DEBIT_MAX_ATTEMPTS } from '@cupido/shared/contracts/direct-debit';
import { directDebitRequests } from '../../../db/schema';
import type { DomainEvents } from '../../../infra/domain-events';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';

export type DirectDebitRequestRow = typeof directDebitRequests.$inferSelect;

/** The order a code confirms: a code sent for one IBAN, package or address does not confirm another. */
export interface DirectDebitDetails {
  package_id: string;
  country: string;
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  discount_code: string;
  idempotency_key: string;
}
const DETAIL_KEYS: (keyof DirectDebitDetails)[] = [
  'package_id',
  'country',
  'account_holder',
  'iban',
  'street',
  'house_number',
  'zip',
  'city',
  'discount_code',
  'idempotency_key',
];

export function sameOrder(stored: Record<string, string>, posted: DirectDebitDetails): boolean {
  return DETAIL_KEYS.every((key) => stored[key] === posted[key]);
}

/** What stays of a request once its payment started: no name, address or full IBAN. */
export function wipedDetails(details: DirectDebitDetails): Record<string, string> {
  return {
    package_id: details.package_id,
    country: details.country,
    idempotency_key: details.idempotency_key,
    iban_last4: details.iban.slice(-4),
  };
}

/** Six random digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)).padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export function codeMatches(typed: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(typed), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The member's request whose code went out last, whatever it was for (the resend interval counts per member). */
export async function latestRequest(db: PaymentDeps['db'], userId: number): Promise<DirectDebitRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(directDebitRequests)
    .where(eq(directDebitRequests.userId, userId))
    .orderBy(desc(directDebitRequests.lastSentAt), desc(directDebitRequests.id))
    .limit(1);
  return row;
}

/** The member's latest request for this very order that can still be confirmed: unused, unexpired, guesses left. */
export async function liveRequest(db: PaymentDeps['db'], userId: number, details: DirectDebitDetails, phone: string, now: Date) {
  const rows = await db
    .select()
    .from(directDebitRequests)
    .where(
      and(
        eq(directDebitRequests.userId, userId),
        isNull(directDebitRequests.paymentId),
        gt(directDebitRequests.expiresAt, now),
        lt(directDebitRequests.attempts, DIRECT_DEBIT_MAX_ATTEMPTS),
        eq(directDebitRequests.phone, phone),
      ),
    )
    .orderBy(desc(directDebitRequests.id))
    .limit(20);
  return rows.find((row) => sameOrder(row.details, details));
}

/** A request of this checkout (idempotency key) whose payment already started: a double submit. */
export async function usedRequest(db: PaymentDeps['db'], userId: number, idempotencyKey: string) {
  const [row] = await db
    .select({ paymentId: directDebitRequests.paymentId })
    .from(directDebitRequests)
    .where(
      and(
        eq(directDebitRequests.userId, userId),
        isNotNull(directDebitRequests.paymentId),
        sql`${directDebitRequests.details} ->> 'idempotency_key' = ${idempotencyKey}`,
      ),
    )
    .orderBy(desc(directDebitRequests.id))
    .limit(1);
  return row?.paymentId ?? null;
}

/**
 * Counts one guess, in a statement of its own (committed whatever happens next, so wrong guesses
 * count even when the request then fails). False when the request had no guesses left: it is dead.
 */
export async function countGuess(db: PaymentDeps['db'], requestId: number): Promise<boolean> {
  const counted = await db
    .update(directDebitRequests)
    .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
    .where(and(eq(directDebitRequests.id, requestId), lt(directDebitRequests.attempts, DIRECT_DEBIT_MAX_ATTEMPTS)))
    .returning({ attempts: directDebitRequests.attempts });
  return counted.length > 0;
}

export const DIRECT_DEBIT_PURGE_JOB = 'direct_debit_purge';

/** Every 15 minutes: expired requests go, bank details and all (a payment keeps its own record). */
export function purgeJob(deps: Pick<PaymentDeps, 'db' | 'clock' | 'log'>): JobDefinition {
  return {
    name: DIRECT_DEBIT_PURGE_JOB,
    cron: '*/15 * * * *',
    async run() {
      const deleted = await deps.db
        .delete(directDebitRequests)
        .where(lt(directDebitRequests.expiresAt, deps.clock()))
        .returning({ id: directDebitRequests.id });
      if (deleted.length > 0) deps.log.info({ deleted: deleted.length }, 'expired direct debit requests deleted');
    },
  };
}

/** An erased member's requests go with the erasure (they hold a name, address, IBAN and phone). */
export function handleDirectDebitEvents(events: DomainEvents): void {
  events.handleInTransaction('account.erased', "payments: delete the erased member's direct debit requests", async (event, tx) => {
    await tx.delete(directDebitRequests).where(eq(directDebitRequests.userId, event.userId));
  });
}
