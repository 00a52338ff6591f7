/** Reference data: the interests and regions the forms choose from (interests.php, regions.php). */
import type { FeatureModule } from '../../app-context';
import { referenceDataRoutes } from './routes';

export const referenceDataModule: FeatureModule = {
  name: 'reference-data',
  async register(app) {
    await app.register(referenceDataRoutes);
  },
};
