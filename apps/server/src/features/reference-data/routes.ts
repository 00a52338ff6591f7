import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZInterests,
  ZInterestsQuery,
  ZRegions,
  ZRegionsQuery,
  type TInterests,
  type TRegions,
} from '@cupido/shared/contracts/contracts';
import { isCountryCode } from '@cupido/shared/rules/countries';
import { AppError } from '../../errors';
import { buildInterestLists } from './interests';
import { buildCountryRegions } from './regions';

/** Spec section 7: the web app fetches each list once and caches it. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * The reference-data calls of spec section 7. The data is static, so every answer is built,
 * checked against its contract and serialized once at start-up.
 */
export const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const interestsJson = new Map([...buildInterestLists()].map(([locale, list]) => [locale, JSON.stringify(ZInterests.parse(list))]));

  const countries = buildCountryRegions();
  const allRegionsJson = JSON.stringify(ZRegions.parse({ countries }));
  const regionsJsonByCountry = new Map(
    countries.map((entry) => [entry.country as string, JSON.stringify(ZRegions.parse({ countries: [entry] }))]),
  );

  app.get(
    '/api/interests.php',
    {
      schema: {
        tags: ['reference data'],
        summary: 'Every interest a profile can have, named in the requested locale and sorted by that name',
        querystring: ZInterestsQuery,
        response: { 200: ZInterests },
      },
    },
    async (request, reply) => {
      const json = interestsJson.get(request.locale) ?? interestsJson.get('en');
      // A string payload is sent as it is: the contract was checked when it was built.
      return reply
        .header('cache-control', CACHE_CONTROL)
        .type('application/json; charset=utf-8')
        .send(json as unknown as TInterests);
    },
  );

  app.get(
    '/api/regions.php',
    {
      schema: {
        tags: ['reference data'],
        summary: 'The regions (provinces, states, cantons...) of every country the product serves, or of one',
        querystring: ZRegionsQuery,
        response: { 200: ZRegions, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const wanted = request.query.country;
      let json = allRegionsJson;
      if (wanted !== undefined) {
        const country = wanted.trim().toUpperCase();
        const one = isCountryCode(country) ? regionsJsonByCountry.get(country) : undefined;
        if (!one) throw new AppError(404, 'unknown_country', 'errors.unknown_country');
        json = one;
      }
      return reply
        .header('cache-control', CACHE_CONTROL)
        .type('application/json; charset=utf-8')
        .send(json as unknown as TRegions);
    },
  );
};
