/** Geocoding: the country, region and city at a point, offline (spec section 7). */
import type { FeatureModule } from '../../infra/feature-module';
import { geocodeRoutes } from './routes';

/** What the feature needs from the app's context. */
export type GeocodeNeeds = object;

export const geocodeModule: FeatureModule<GeocodeNeeds> = {
  name: 'geocode',
  async register(app) {
    await app.register(geocodeRoutes);
  },
};
