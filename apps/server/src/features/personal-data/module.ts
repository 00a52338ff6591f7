/** "Download my data": every feature's part (personal-data-parts.ts), collected for the member. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { DataExportParts } from './registry';
import { personalDataRoutes } from './routes';

/** What the feature needs from the app's context. */
export type PersonalDataNeeds = { db: Database; clock: Clock; publicOrigin: PublicOriginConfig; personalDataParts: DataExportParts };

export const personalDataModule: FeatureModule<PersonalDataNeeds> = {
  name: 'personal-data',
  async register(app, { db, clock, publicOrigin, personalDataParts }) {
    await app.register(personalDataRoutes, { deps: { db, clock, publicOrigin }, parts: personalDataParts });
  },
};
