/** Reports: a member reports a profile or one of its photos (trust.md, DSA). */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { reportsDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import { reportRoutes } from './routes';

/** What the feature needs from the app's context. */
export type ReportsNeeds = { db: Database; clock: Clock; personalData: PersonalDataRegistry };

export const reportsModule: FeatureModule<ReportsNeeds> = {
  name: 'reports',
  contribute({ personalData }) {
    personalData.add(reportsDataPart);
  },
  async register(app, { db, clock }) {
    await app.register(reportRoutes, { deps: { db, clock } });
  },
};
