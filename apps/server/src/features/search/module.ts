/** Search: members find profiles by the filters the spec names, nearest first. */
import type { FeatureModule } from '../../app-context';
import { searchRoutes } from './routes';

export const searchModule: FeatureModule = {
  name: 'search',
  async register(app, { db, clock, activity }) {
    await app.register(searchRoutes, { deps: { db, clock, activity } });
  },
};
