/**
 * The member's shop calls (issue 14, decision 032): the packages with their prices and methods,
 * starting a payment, repeating the last order, and one payment's state for the transaction page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import type { CountryCode } from '@cupido/shared/rules/countries';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { CARD_METHODS, TRANSACTION_POLL_MS, isCardMethod, methodsFor, type TPaymentStatus } from '@cupido/shared/rules/payments';
import {
  ZCreatePaymentAnswer,
  ZCreatePaymentRequest,
  ZLastOrderAnswer,
  ZPackagesAnswer,
  ZPackagesQuery,
  ZRepeatOrderRequest,
  ZTransactionAnswer,
  ZTransactionQuery,
  type TCreditPackage,
  type TPackagesAnswer,
} from '@cupido/shared/contracts/payments';
import { discountedAmount, pricePerMessage } from '@cupido/shared/rules/prices';
import type { FastifyRequest } from 'fastify';
import { payments } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { MemberRow } from '../accounts/sessions';
import { activeDiscount, checkDiscountCode, countedCodeCheck, type AppliedDiscount } from '../discounts/service';
import type { Site } from '../sites/service';
import { detectCountry } from '../sites/country-detection';
import { checkOrder, discountContext, openPurchaseBlocks, startPayment, type StartPaymentInput } from './checkout';
import { chargeCurrency, sitePackagesIn } from './prices';
import type { PaymentDeps } from './deps';
import { settlePayment } from './settle';

const errors = {
  400: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  410: ZApiError,
  422: ZApiError,
  429: ZApiError,
  502: ZApiError,
};

/**
 * The payment country: the one asked for, else the member's profile country when the site serves
 * it, else (a visitor, consumer law: prices before signup) the detected country when served, else
 * the site's first.
 */
function paymentCountry(site: Site, preferred: string | null | undefined, asked: CountryCode | undefined): CountryCode {
  if (asked) {
    if (!site.countries.includes(asked))
      throw new AppError(422, 'payment_country_not_served', 'errors.payment_country_not_served', {}, 'country');
    return asked;
  }
  return (preferred && site.countries.includes(preferred) ? preferred : site.countries[0]) as CountryCode;
}

function memberOf(request: FastifyRequest, member: MemberRow): StartPaymentInput['member'] {
  return {
    userId: member.id,
    email: member.email,
    language: member.language as LocaleCode,
    activatedAt: member.activatedAt,
    paidUser: member.paidUser,
    ipAddress: request.ip,
  };
}

const WAITING: readonly TPaymentStatus[] = ['open', 'pending'];

export const paymentRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  app.get(
    '/api/credit-packages.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The site's credit packages in the payer's currency (their payment country's when the site lists it, else the site's): prices with the active discount, price per message and the methods of the payment country. Visitors get them too (prices before signup), for the detected country, without discount; a typed code needs a member",
        querystring: ZPackagesQuery,
        response: { 200: ZPackagesAnswer, ...errors },
      },
    },
    async (request): Promise<TPackagesAnswer> => {
      const site = request.site;
      const code = request.query.code?.trim();
      // A typed code is a member's (it is counted against them and may be theirs alone): a
      // visitor typing one gets the same answer as every member-only call.
      const member = code ? await request.requireMember() : await request.member();
      const detected = member
        ? member.profileCountry
        : detectCountry({
            proxyHeaderValue: deps.countryHeader ? request.headers[deps.countryHeader] : undefined,
            acceptLanguage: request.headers['accept-language'],
            siteCountries: site.countries,
          });
      const country = paymentCountry(site, detected, request.query.country);
      const currency = chargeCurrency(site, country);
      const pricedPackages = sitePackagesIn(site, currency);
      // A visitor has no purchase blocks and no discount: the welcome offer starts with an account.
      const cardBlocked = member ? (await openPurchaseBlocks(deps.db, member.id)).has('card') : false;
      const methods = methodsFor(country, site.paymentMethods).filter((m) => !(cardBlocked && CARD_METHODS.includes(m)));

      // A typed code is checked per package (its minimum order value may leave the cheaper ones out);
      // when no package qualifies, its error is the answer.
      const perPackage = new Map<string, AppliedDiscount | null>();
      let discount: AppliedDiscount | null = null;
      if (member) {
        const ctx = discountContext({ member: memberOf(request, member), site, country, now: deps.clock() });
        if (code) {
          // One counted guess (the limit on typed codes): usable for some package takes its count back.
          discount = await countedCodeCheck(deps.limiter, member.id, async () => {
            let best: AppliedDiscount | null = null;
            let lastError: unknown = null;
            for (const pkg of [...pricedPackages].sort((a, b) => b.amount - a.amount)) {
              try {
                const applied = await checkDiscountCode(deps.db, ctx, code, { amount: pkg.amount });
                perPackage.set(pkg.id, applied);
                best ??= applied;
              } catch (err) {
                if (!(err instanceof AppError) || err.code !== 'code_minimum_order') throw err;
                lastError = err;
                perPackage.set(pkg.id, null);
              }
            }
            if (!best) throw lastError;
            return best;
          });
        } else {
          discount = await activeDiscount(deps.db, ctx);
          for (const pkg of pricedPackages) perPackage.set(pkg.id, discount);
        }
      }

      const packages: TCreditPackage[] = pricedPackages.map((pkg) => {
        const applied = perPackage.get(pkg.id) ?? null;
        return {
          id: pkg.id,
          credits: pkg.credits,
          amount: pkg.amount,
          discounted_amount: discountedAmount(pkg.amount, applied?.percentage ?? 0),
          popular: pkg.popular,
          price_per_message: pricePerMessage(pkg, site.messageCredits),
          messages: site.messageCredits > 0 ? Math.floor(pkg.credits / site.messageCredits) : 0,
        };
      });
      return {
        currency,
        payment_country: country,
        payment_countries: site.countries as CountryCode[],
        methods,
        packages,
        discount: discount
          ? {
              code: discount.code,
              value_percentage: discount.percentage,
              source: discount.source,
              expires: discount.expires?.toISOString() ?? null,
            }
          : null,
        card_blocked: cardBlocked,
        message_credits: site.messageCredits,
      };
    },
  );

  app.post(
    '/api/payment.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Starts paying for a package: answers the provider's checkout to send the member to (the same payment for the same idempotency key)",
        body: ZCreatePaymentRequest,
        response: { 200: ZCreatePaymentAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const body = request.body;
      return startPayment(deps, {
        member: memberOf(request, member),
        site: request.site,
        packageId: body.package_id,
        method: body.method,
        country: body.country,
        discountCode: body.discount_code || undefined,
        idempotencyKey: body.idempotency_key,
      });
    },
  );

  /** The member's last paid order, as the site sells it now. */
  async function lastOrder(userId: number, site: Site) {
    const [last] = await deps.db
      .select({
        packageId: payments.packageId,
        method: payments.method,
        country: payments.country,
        credits: payments.credits,
        amount: payments.listAmount,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!last) throw new AppError(404, 'no_paid_order', 'errors.payment_no_paid_order');
    // Priced as it would be charged now: in the currency a payer from that country pays in.
    const currency = chargeCurrency(site, last.country);
    const pkg = sitePackagesIn(site, currency).find((p) => p.id === last.packageId);
    return {
      ...last,
      credits: pkg?.credits ?? last.credits,
      amount: pkg?.amount ?? last.amount,
      currency,
      country: last.country as CountryCode,
    };
  }

  app.get(
    '/api/repeat-order.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'What repeating the last paid order would buy (package, method, payment country); 404 when the member never paid',
        response: { 200: ZLastOrderAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const last = await lastOrder(member.id, request.site);
      return {
        package_id: last.packageId,
        credits: last.credits,
        amount: last.amount,
        currency: last.currency,
        method: last.method,
        country: last.country,
      };
    },
  );

  app.post(
    '/api/repeat-order.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Buys the last paid order again (a card order as a recurring card payment)',
        body: ZRepeatOrderRequest,
        response: { 200: ZCreatePaymentAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const last = await lastOrder(member.id, request.site);
      checkOrder(request.site, { packageId: last.packageId, method: last.method, country: last.country });
      return startPayment(deps, {
        member: memberOf(request, member),
        site: request.site,
        packageId: last.packageId,
        method: last.method,
        country: last.country,
        idempotencyKey: request.body.idempotency_key,
        recurring: isCardMethod(last.method),
      });
    },
  );

  app.get(
    '/api/transaction.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          "One of the member's payments and its state; while it waits, the provider is asked again so a late webhook does not hold the page",
        querystring: ZTransactionQuery,
        response: { 200: ZTransactionAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const read = async () =>
        (
          await deps.db
            .select()
            .from(payments)
            .where(and(eq(payments.id, request.query.id), eq(payments.userId, member.id)))
        )[0];
      let payment = await read();
      if (!payment) throw notFound();
      const quiet = deps.clock().getTime() - payment.updatedAt.getTime() >= TRANSACTION_POLL_MS;
      if (WAITING.includes(payment.status) && quiet && payment.providerPaymentId !== null) {
        try {
          const outcome = await settlePayment(deps, payment.id, await deps.provider.fetchStatus(payment.providerPaymentId));
          if (outcome?.changed) payment = (await read()) ?? payment;
        } catch (err) {
          // The page asks again in a moment; the webhook may still come.
          request.log.warn({ err, paymentId: payment.id }, 'payments: status re-fetch failed');
        }
      }
      return {
        payment_id: payment.id,
        status: payment.status,
        credits: payment.credits,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        package_id: payment.packageId,
        recurring: payment.recurring,
        created_at: payment.createdAt.toISOString(),
      };
    },
  );
};
