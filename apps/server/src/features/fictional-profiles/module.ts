/** Fictional profiles (decision 065): staff create and edit the profiles operators answer as. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { fictionalProfileRoutes } from './routes';

/** What the feature needs from the app's context. */
export type FictionalProfilesNeeds = BackOfficeDeps;

export const fictionalProfilesModule: FeatureModule<FictionalProfilesNeeds> = {
  name: 'fictional-profiles',
  async register(app, ctx) {
    await app.register(fictionalProfileRoutes, { deps: ctx });
  },
};
