/**
 * Starting a payment (issue 14, decision 032), shared by POST /api/payment.php, the repeat order
 * and the confirmed direct debit:
 *
 * 1. the order is checked against the site (package, payment country, method enabled for that
 *    country) and the member's purchase blocks;
 * 2. the discount: a typed code, else the active one (the time bonus);
 * 3. the payment row is stored, unique per member and idempotency key: a double click or a
 *    retried request finds the same row and answers the same redirect, never a second payment;
 *    in the same transaction it reserves a once-per-user code (discount-hold.ts): held by another
 *    order, a typed code is refused (409 code_reserved), the welcome offer leaves this order at
 *    the full price;
 * 4. the provider is asked for the payment OUTSIDE any transaction (a slow provider must not hold
 *    a database connection or lock), and its id stored; a provider failure marks the payment
 *    failed and answers 502 payment_provider_unavailable.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { isCardMethod, methodsFor, type TPackageId, type TPaymentMethod } from '@cupido/shared/rules/payments';
import { discountedAmount } from '@cupido/shared/rules/prices';
import { type TCreatePaymentAnswer } from '@cupido/shared/contracts/payments';
import type { CountryCode } from '@cupido/shared/rules/countries';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { payments, purchaseBlocks } from '../../db/schema';
import { AppError } from '../../errors';
import { codeReserved, releaseDiscount } from '../discounts/reservations';
import { activeDiscount, checkTypedDiscountCode, type AppliedDiscount, type DiscountContext } from '../discounts/service';
import type { Site } from '../sites/service';
import { chargeCurrency, sitePackagesIn } from './prices';
import { siteOrigin } from '../sites/public-origin';
import type { PaymentDeps } from './deps';
import { discountValidUntil, holdDiscount } from './discount-hold';
import type { CreateProviderPayment } from './providers/port';
import { settlePayment } from './settle';

export interface StartPaymentInput {
  member: { userId: number; email: string; language: LocaleCode; activatedAt: Date | null; paidUser: boolean; ipAddress: string };
  site: Site;
  packageId: TPackageId;
  method: TPaymentMethod;
  country: CountryCode;
  /** A typed code; without one the active discount (time bonus) applies. */
  discountCode?: string;
  /** The member's key for this checkout: the same key answers the same payment. */
  idempotencyKey: string;
  /** A repeated card order. */
  recurring?: boolean;
  /** Bank details of a confirmed direct debit (method sdd). */
  directDebit?: CreateProviderPayment['directDebit'];
}

/** How long a replayed request waits for the first one's provider call before answering the transaction page. */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 50;

export const providerUnavailable = () => new AppError(502, 'payment_provider_unavailable', 'errors.payment_provider_unavailable');

/** The member's open purchase blocks ('card' after a chargeback, 'direct_debit' by staff). */
export async function openPurchaseBlocks(db: PaymentDeps['db'], userId: number): Promise<Set<'card' | 'direct_debit'>> {
  const rows = await db
    .select({ kind: purchaseBlocks.kind })
    .from(purchaseBlocks)
    .where(and(eq(purchaseBlocks.userId, userId), isNull(purchaseBlocks.liftedAt)));
  return new Set(rows.map((row) => row.kind));
}

/** A discount code's currency condition is met by the currency the member pays in. */
export function discountContext(input: { member: StartPaymentInput['member']; site: Site; country: string; now: Date }): DiscountContext {
  return {
    userId: input.member.userId,
    siteId: input.site.id,
    activatedAt: input.member.activatedAt,
    paidUser: input.member.paidUser,
    country: input.country,
    currency: chargeCurrency(input.site, input.country),
    now: input.now,
  };
}

/**
 * Refuses an order the site does not sell: 422 with the field at fault. Answers the package
 * priced in the currency the payer is charged in.
 */
export function checkOrder(site: Site, order: { packageId: TPackageId; method: TPaymentMethod; country: CountryCode }) {
  const currency = chargeCurrency(site, order.country);
  const pkg = sitePackagesIn(site, currency).find((p) => p.id === order.packageId);
  if (!pkg) throw new AppError(422, 'payment_unknown_package', 'errors.payment_unknown_package', {}, 'package_id');
  if (!site.countries.includes(order.country))
    throw new AppError(422, 'payment_country_not_served', 'errors.payment_country_not_served', {}, 'country');
  if (!methodsFor(order.country, site.paymentMethods).includes(order.method)) {
    throw new AppError(422, 'payment_method_unavailable', 'errors.payment_method_unavailable', {}, 'method');
  }
  return { ...pkg, currency };
}

/**
 * The active discount if this order meets its conditions (a member's own code may ask for a
 * minimum order or certain methods); without a typed code an unmet condition just means no discount.
 */
function appliesTo(discount: AppliedDiscount | null, order: { amount: number; method: TPaymentMethod }): AppliedDiscount | null {
  if (!discount) return null;
  if (discount.minimumOrderValue != null && order.amount < discount.minimumOrderValue) return null;
  if (discount.paymentMethods && discount.paymentMethods.length > 0 && !discount.paymentMethods.includes(order.method)) return null;
  return discount;
}

function redirectOf(payment: { id: number }, checkoutUrl: string | null | undefined): string {
  return checkoutUrl ?? `/transactions/${payment.id}`;
}

/** A request with a key already used: the same payment, once its provider call is done. */
async function replay(deps: PaymentDeps, userId: number, idempotencyKey: string): Promise<TCreatePaymentAnswer> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const [row] = await deps.db
      .select({
        id: payments.id,
        status: payments.status,
        providerPaymentId: payments.providerPaymentId,
        checkoutUrl: payments.checkoutUrl,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
    if (!row) throw new Error('A payment found by its idempotency key is gone');
    // The first request's provider call failed: so does its replay (a retry needs a new key).
    if (row.status === 'failed' && row.providerPaymentId === null) throw providerUnavailable();
    if (row.providerPaymentId !== null || Date.now() > deadline) {
      const stillOpen = row.status === 'open';
      return { payment_id: row.id, redirect_url: redirectOf(row, stillOpen ? row.checkoutUrl : null) };
    }
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}

/**
 * Checks the order (package of the site, method enabled for the country, purchase blocks,
 * discount), stores the payment, asks the provider for it and answers where to send the member.
 */
export async function startPayment(deps: PaymentDeps, input: StartPaymentInput): Promise<TCreatePaymentAnswer> {
  const { member, site } = input;
  const pkg = checkOrder(site, input);

  const blocks = await openPurchaseBlocks(deps.db, member.userId);
  if (blocks.has('card') && isCardMethod(input.method)) throw new AppError(403, 'card_blocked', 'errors.card_blocked');
  if (blocks.has('direct_debit') && input.method === 'sdd') throw new AppError(403, 'direct_debit_blocked', 'errors.direct_debit_blocked');

  const now = deps.clock();
  const ctx = discountContext({ member, site, country: input.country, now });
  const typed = input.discountCode?.trim();
  const discount: AppliedDiscount | null = typed
    ? await checkTypedDiscountCode(deps, ctx, typed, { amount: pkg.amount, method: input.method })
    : appliesTo(await activeDiscount(deps.db, ctx), { amount: pkg.amount, method: input.method });
  const percentage = discount?.percentage ?? 0;

  // The order and its hold on a once-per-user code commit together: of parallel orders exactly
  // one gets the code (discount-hold.ts), and a refused order leaves no row behind.
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        userId: member.userId,
        siteId: site.id,
        packageId: pkg.id,
        credits: pkg.credits,
        currency: pkg.currency,
        listAmount: pkg.amount,
        discountCodeId: discount?.codeId ?? null,
        discountPercentage: percentage,
        amount: discountedAmount(pkg.amount, percentage),
        discountValidUntil: discountValidUntil(discount, now),
        method: input.method,
        country: input.country,
        provider: deps.provider.name,
        recurring: input.recurring ?? false,
        idempotencyKey: input.idempotencyKey,
        withdrawalConsentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
      .returning();
    if (!row || !discount || (await holdDiscount(tx, { discount, userId: member.userId, paymentId: row.id, now }))) return row;
    // A typed code is what the member asked for: they are told, not charged more than they expect.
    if (typed) throw codeReserved();
    // The welcome offer is for the first purchase (spec): a parallel second order is at the full
    // price, as the shop shows it while the first order holds the offer (activeDiscount).
    const [fullPrice] = await tx
      .update(payments)
      .set({ discountCodeId: null, discountPercentage: 0, amount: pkg.amount, discountValidUntil: null })
      .where(eq(payments.id, row.id))
      .returning();
    return fullPrice;
  });
  if (!created) return replay(deps, member.userId, input.idempotencyKey);

  const origin = siteOrigin(site.domain, deps.publicOrigin);
  let answer: Awaited<ReturnType<PaymentDeps['provider']['createPayment']>>;
  try {
    answer = await deps.provider.createPayment({
      paymentId: created.id,
      amount: created.amount,
      currency: created.currency,
      method: created.method,
      description: `${site.name} ${pkg.credits} credits #${created.id}`,
      returnUrl: `${origin}/transactions/${created.id}`,
      webhookUrl: `${origin}/api/payment-webhook/${deps.provider.name}`,
      language: member.language,
      customer: { email: member.email, ipAddress: member.ipAddress, country: input.country },
      recurring: created.recurring,
      directDebit: input.directDebit,
    });
  } catch (err) {
    deps.log.warn({ err, paymentId: created.id, provider: deps.provider.name }, 'payments: the provider did not create the payment');
    await deps.db
      .update(payments)
      .set({ status: 'failed', updatedAt: deps.clock() })
      .where(and(eq(payments.id, created.id), eq(payments.status, 'open')));
    await releaseDiscount(deps.db, created.id);
    throw providerUnavailable();
  }

  await deps.db
    .update(payments)
    .set({ providerPaymentId: answer.providerPaymentId, checkoutUrl: answer.checkoutUrl, updatedAt: deps.clock() })
    .where(eq(payments.id, created.id));

  if (answer.checkoutUrl === null) {
    // Nothing for the member to do at the provider (a direct debit): its status may be final
    // already, so the transaction page can show it at once. A webhook or the page's re-fetch
    // still settles it if this does not.
    try {
      await settlePayment(deps, created.id, await deps.provider.fetchStatus(answer.providerPaymentId));
    } catch (err) {
      deps.log.warn({ err, paymentId: created.id }, 'payments: status after creation not applied');
    }
  }
  return { payment_id: created.id, redirect_url: redirectOf(created, answer.checkoutUrl) };
}
