/** The back office's dashboard (decision 066): figures per site and day. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { dashboardRoutes } from './routes';

/** What the feature needs from the app's context. */
export type DashboardNeeds = BackOfficeDeps;

export const dashboardModule: FeatureModule<DashboardNeeds> = {
  name: 'dashboard',
  async register(app, ctx) {
    await app.register(dashboardRoutes, { deps: ctx });
  },
};
