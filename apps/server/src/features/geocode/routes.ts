/** GET /api/geocode.php?lat=&lon=: country, region and city at a point, offline (spec section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZGeocodeAnswer, ZGeocodeQuery } from '@cupido/shared/contracts/profiles';
import { AppError } from '../../errors';

const NUMBER = /^[-+]?(\d{1,3}(\.\d{0,15})?|\.\d{1,15})$/;

function coordinate(value: string | undefined, field: 'lat' | 'lon', limit: number): number {
  const text = value?.trim() ?? '';
  const number = NUMBER.test(text) ? Number(text) : NaN;
  if (!(Math.abs(number) <= limit)) throw new AppError(400, 'invalid_coordinates', 'errors.invalid_coordinates', {}, field);
  return number;
}

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The place table is decoded on the first call, not at start-up.
  let geocoder: Promise<typeof import('./geocoder')> | undefined;

  app.get(
    '/api/geocode.php',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Country, region and city at a position (offline reverse geocoding); 404 location_unknown at sea or far from any place',
        querystring: ZGeocodeQuery,
        response: { 200: ZGeocodeAnswer, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const lat = coordinate(request.query.lat, 'lat', 90);
      const lon = coordinate(request.query.lon, 'lon', 180);
      geocoder ??= import('./geocoder');
      const result = (await geocoder).reverseGeocode(lat, lon);
      if (!result) throw new AppError(404, 'location_unknown', 'errors.location_unknown');
      return result;
    },
  );
};
