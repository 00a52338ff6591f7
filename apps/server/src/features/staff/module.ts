/** Staff accounts of the back office (decision 062): login, two-factor, roles. */
import type { FeatureModule } from '../../app-context';
import { staffRoutes } from './routes';

export const staffModule: FeatureModule = {
  name: 'staff',
  async register(app, ctx) {
    await app.register(staffRoutes, { deps: ctx });
  },
};
