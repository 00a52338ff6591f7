/** The members desk (issue 13): staff find a member, see their account and act on it. */
import type { FeatureModule } from '../../app-context';
import { membersDeskRoutes } from './routes';

export const membersDeskModule: FeatureModule = {
  name: 'members-desk',
  async register(app, ctx) {
    await app.register(membersDeskRoutes, { deps: ctx });
  },
};
