/** Staff accounts of the back office (decision 062): login, two-factor, roles. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { staffRoutes } from './routes';

/** What the feature needs from the app's context. */
export type StaffNeeds = BackOfficeDeps;

export const staffModule: FeatureModule<StaffNeeds> = {
  name: 'staff',
  async register(app, ctx) {
    await app.register(staffRoutes, { deps: ctx });
  },
};
