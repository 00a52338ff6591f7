/** Reports: a member reports a profile or one of its photos (trust.md, DSA). */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import { reportRoutes } from './routes';

/** What the feature needs from the app's context. */
export type ReportsNeeds = { db: Database; clock: Clock };

export const reportsModule: FeatureModule<ReportsNeeds> = {
  name: 'reports',
  async register(app, { db, clock }) {
    await app.register(reportRoutes, { deps: { db, clock } });
  },
};
