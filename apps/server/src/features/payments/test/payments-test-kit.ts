/**
 * Helpers for the payments core's tests: a test app with members, payments started through the
 * real API, the sandbox's checkout choice, webhook deliveries as the provider makes them, and
 * waiting until the app has processed them.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { creditEntries, paymentEvents, payments, sandboxPayments, users } from '../../../db/schema';
import { activeMember, createAccountsTestApp, linkPath, signup, type AccountsTestApp } from '../../../test/accounts-kit';
import { SESSION_COOKIE, createSession } from '../../accounts/sessions';
import type { AppDeps } from '../../../app';

export type PaymentsTestApp = AccountsTestApp;

export async function createPaymentsTestApp(config: Partial<AppDeps['config']> = {}): Promise<PaymentsTestApp> {
  return createAccountsTestApp(new Date('2026-11-23T12:00:00Z'), config);
}

export const newKey = () => `k_${randomBytes(8).toString('hex')}`;

export function paymentBody(overrides: Record<string, unknown> = {}) {
  return { package_id: 'p1', method: 'visa', country: 'GB', withdrawal_consent: true, idempotency_key: newKey(), ...overrides };
}

/** An active member with a session, on the site of `domain`. */
export async function member(t: PaymentsTestApp, domain = 'localhost') {
  const m = domain === 'localhost' ? await activeMember(t) : await signup(t, {}, domain);
  if (domain !== 'localhost') {
    await t.app.inject({ method: 'GET', url: `${linkPath(m.mail, '/api/activate.php')}&domain=${domain}`, headers: { cookie: m.cookie } });
  }
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, m.body.email));
  return { cookie: m.cookie, userId: row!.id };
}

export function pay(
  t: PaymentsTestApp,
  cookie: string,
  body: Record<string, unknown>,
  domain = 'localhost',
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/payment.php?domain=${domain}`, headers: { cookie }, payload: body });
}

/** Starts a payment that must succeed; answers its id and the sandbox's id for it. */
export async function startedPayment(t: PaymentsTestApp, cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await pay(t, cookie, paymentBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as { payment_id: number; redirect_url: string };
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, answer.payment_id));
  return { id: answer.payment_id, redirectUrl: answer.redirect_url, sandboxId: row!.providerPaymentId!, row: row! };
}

/** A session cookie of the member who started the sandbox payment: its test page answers only the payer (decision 035). */
export async function payerCookie(t: PaymentsTestApp, sandboxId: string): Promise<string> {
  const [row] = await t.database.db.select({ userId: payments.userId }).from(payments).where(eq(payments.providerPaymentId, sandboxId));
  if (!row) throw new Error(`no payment for ${sandboxId}`);
  return `${SESSION_COOKIE}=${await createSession(t.database.db, row.userId, new Date())}`;
}

/** The payer on the sandbox's test page chooses an outcome (its own webhook goes nowhere in a test without a listening server). */
export async function choose(t: PaymentsTestApp, sandboxId: string, status: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${sandboxId}?domain=localhost`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: await payerCookie(t, sandboxId) },
    payload: `status=${status}`,
  });
  expect(response.statusCode, response.body).toBe(303);
  return response;
}

/** The provider's notification, as the sandbox sends it. */
export function webhook(t: PaymentsTestApp, sandboxId: string, eventId = `evt_${randomBytes(8).toString('hex')}`) {
  return t.app.inject({ method: 'POST', url: '/api/payment-webhook/sandbox', payload: { event_id: eventId, payment_id: sandboxId } });
}

export async function waitFor<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Until every stored webhook event is processed. */
export async function eventsProcessed(t: PaymentsTestApp, timeoutMs = 30_000) {
  await waitFor(
    'webhook events processed',
    async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(paymentEvents)
          .where(isNull(paymentEvents.processedAt))
      )[0]!.n,
    (n) => n === 0,
    timeoutMs,
  );
}

export async function paymentRow(t: PaymentsTestApp, id: number) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

export async function userRow(t: PaymentsTestApp, userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** The ledger's entries of purchases: one per paid payment, keyed payment:<id>. */
export async function purchaseEntries(t: PaymentsTestApp, userId?: number) {
  return t.database.db
    .select()
    .from(creditEntries)
    .where(and(like(creditEntries.reference, 'payment:%'), userId === undefined ? undefined : eq(creditEntries.userId, userId)));
}

export async function setSandboxStatus(
  t: PaymentsTestApp,
  sandboxId: string,
  status: 'open' | 'pending' | 'paid' | 'failed' | 'cancelled',
) {
  await t.database.db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, sandboxId));
}
