/** "Download my data": every feature's part (personal-data-parts.ts), collected for the member. */
import type { FeatureModule } from '../../app-context';
import { personalDataRoutes } from './routes';

export const personalDataModule: FeatureModule = {
  name: 'personal-data',
  async register(app, { db, clock, publicOrigin, personalDataParts }) {
    await app.register(personalDataRoutes, { deps: { db, clock, publicOrigin }, parts: personalDataParts });
  },
};
