/** The members desk (issue 13): staff find a member, see their account and act on it. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { membersDeskRoutes } from './routes';

/** What the feature needs from the app's context. */
export type MembersDeskNeeds = BackOfficeDeps;

export const membersDeskModule: FeatureModule<MembersDeskNeeds> = {
  name: 'members-desk',
  async register(app, ctx) {
    await app.register(membersDeskRoutes, { deps: ctx });
  },
};
