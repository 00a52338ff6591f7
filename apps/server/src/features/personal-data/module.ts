/** "Download my data": every feature's part (added by its module's `contribute`), collected for the member. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { PersonalDataRegistry } from './registry';
import { personalDataRoutes } from './routes';

/** What the feature needs from the app's context. */
export type PersonalDataNeeds = { db: Database; clock: Clock; publicOrigin: PublicOriginConfig; personalData: PersonalDataRegistry };

export const personalDataModule: FeatureModule<PersonalDataNeeds> = {
  name: 'personal-data',
  async register(app, { db, clock, publicOrigin, personalData }) {
    // Every module's `contribute` ran before any `register`: the record is complete here, or the app does not start.
    await app.register(personalDataRoutes, { deps: { db, clock, publicOrigin }, parts: personalData.complete() });
  },
};
