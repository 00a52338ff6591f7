/** Reference data: the interests and regions the forms choose from (interests.php, regions.php). */
import type { FeatureModule } from '../../infra/feature-module';
import { referenceDataRoutes } from './routes';

/** What the feature needs from the app's context. */
export type ReferenceDataNeeds = object;

export const referenceDataModule: FeatureModule<ReferenceDataNeeds> = {
  name: 'reference-data',
  async register(app) {
    await app.register(referenceDataRoutes);
  },
};
