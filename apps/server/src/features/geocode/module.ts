/** Geocoding: the country, region and city at a point, offline (spec section 7). */
import type { FeatureModule } from '../../app-context';
import { geocodeRoutes } from './routes';

export const geocodeModule: FeatureModule = {
  name: 'geocode',
  async register(app) {
    await app.register(geocodeRoutes);
  },
};
