/** The back office's dashboard (decision 066): figures per site and day. */
import type { FeatureModule } from '../../app-context';
import { dashboardRoutes } from './routes';

export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  async register(app, ctx) {
    await app.register(dashboardRoutes, { deps: ctx });
  },
};
