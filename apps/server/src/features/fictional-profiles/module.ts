/** Fictional profiles (decision 065): staff create and edit the profiles operators answer as. */
import type { FeatureModule } from '../../app-context';
import { fictionalProfileRoutes } from './routes';

export const fictionalProfilesModule: FeatureModule = {
  name: 'fictional-profiles',
  async register(app, ctx) {
    await app.register(fictionalProfileRoutes, { deps: ctx });
  },
};
