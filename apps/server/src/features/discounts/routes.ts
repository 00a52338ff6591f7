/**
 * GET /api/discountcode.php (spec section 7): `welcome=true` answers the member's welcome
 * discount (TIMEBONUS25 while the 4 hours run, else the member's own code; 404 when none);
 * `code=` answers that code checked for the member, with the chosen package's price and method
 * when given. The web app ignores a failed welcome lookup (spec section 8). Typed codes that
 * are unusable count towards a limit per member (checkTypedDiscountCode: 429 after 10 in 15 minutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZDiscountCode, ZDiscountCodeQuery, type TDiscountCode } from '@cupido/shared/contracts/payments';
import { AppError } from '../../errors';
import { packagesIn, payerCurrency } from '@cupido/shared/rules/prices';
import { priceSettingsOf } from '../sites/price-settings';
import {
  activeDiscount,
  checkTypedDiscountCode,
  findDiscountCode,
  type AppliedDiscount,
  type DiscountContext,
  type DiscountDeps,
} from './service';

function answer(row: NonNullable<Awaited<ReturnType<typeof findDiscountCode>>>, found: AppliedDiscount): TDiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: found.expires?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    // Only codes the member can use now are answered; a run-out one is a 410.
    expired: false,
    paymentmethods: row.paymentMethods,
  };
}

export const discountRoutes: FastifyPluginAsyncZod<{ deps: DiscountDeps }> = async (app, { deps }) => {
  app.get(
    '/api/discountcode.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The member's welcome discount (welcome=true) or a typed code checked for them (code=, with package_id and method when chosen)",
        querystring: ZDiscountCodeQuery,
        response: {
          200: ZDiscountCode,
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          410: ZApiError,
          422: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const site = request.site;
      // The country the member pays from is chosen at checkout; before that, the profile's when
      // the site serves it (or the site's first), and the currency a payer there pays in (issue 29).
      const country =
        member.profileCountry && site.countries.includes(member.profileCountry) ? member.profileCountry : (site.countries[0] ?? '');
      const prices = priceSettingsOf(site);
      const currency = payerCurrency(prices, country);
      const ctx: DiscountContext = {
        userId: member.id,
        siteId: site.id,
        activatedAt: member.activatedAt,
        paidUser: member.paidUser,
        country,
        currency,
        now: deps.clock(),
        locale: request.locale,
      };
      const { code, welcome, package_id: packageId, method } = request.query;
      if (welcome === 'true') {
        const found = await activeDiscount(deps.db, ctx);
        const row = found && (await findDiscountCode(deps.db, found.code));
        if (!found || !row) throw new AppError(404, 'code_not_found', 'errors.code_not_found', {}, 'code');
        return answer(row, found);
      }
      if (code === undefined) throw new AppError(400, 'invalid_request', 'errors.invalid_request', {}, 'code');
      const packages = packagesIn(prices, currency);
      const pkg = packageId === undefined ? undefined : packages.find((p) => p.id === packageId);
      // Without a package the minimum order value is checked against the dearest one: the code is usable for some order.
      const amount = pkg?.amount ?? Math.max(0, ...packages.map((p) => p.amount));
      const found = await checkTypedDiscountCode(deps, ctx, code, { amount, method });
      const row = await findDiscountCode(deps.db, found.code);
      return answer(row!, found);
    },
  );
};
