/** GET /api/partner-redirect.php: the partner a visitor who may not sign up here is sent to (issue 31). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZPartnerRedirectAnswer } from '@cupido/shared/contracts/promotions';
import { TRACKING_PARAMS } from '@cupido/shared/rules/tracking';
import { AppError, notFound } from '../../errors';
import { detectRequestCountry } from '../sites/country-detection';
import { partnerRedirectFor, type PartnerRedirectDeps } from './service';

// Tracking values are cleaned, not refused (cut or dropped): any string is taken here; a repeated one counts once.
const ZQueryValue = z.union([z.string(), z.array(z.string())]).optional();
const ZPartnerRedirectQuery = z.object({
  country: z
    .string()
    .max(8)
    .optional()
    .meta({ description: "The visitor's country (settings.php geoip_country); default: detected from the request" }),
  ...Object.fromEntries(TRACKING_PARAMS.map((param) => [param, ZQueryValue])),
});

export const partnerRedirectRoutes: FastifyPluginAsyncZod<{ deps: PartnerRedirectDeps; countryHeader: string | undefined }> = async (
  app,
  { deps, countryHeader },
) => {
  app.get(
    '/api/partner-redirect.php',
    {
      schema: {
        tags: ['promotions'],
        summary: 'The partner site for a visitor who may not sign up here, with the tracking parameters passed on',
        description:
          "The country's enabled redirect, else the site's '*' one; 404 when none. The url carries the cleaned tracking parameters of the query (over-long values cut, malformed ones dropped, never email). The app shows a notice with a countdown before it goes.",
        querystring: ZPartnerRedirectQuery,
        response: { 200: ZPartnerRedirectAnswer, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const query = request.query as Record<string, string | string[] | undefined>;
      const country = (typeof query.country === 'string' ? query.country : (detectRequestCountry(request, countryHeader) ?? ''))
        .trim()
        .toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) throw new AppError(400, 'unknown_country', 'errors.unknown_country', {}, 'country');
      const tracking: Record<string, string> = {};
      for (const param of TRACKING_PARAMS) {
        const value = query[param];
        const first = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string') tracking[param] = first;
      }
      const redirect = await partnerRedirectFor(deps.db, request.site.id, country, tracking);
      if (!redirect) throw notFound();
      return redirect;
    },
  );
};
