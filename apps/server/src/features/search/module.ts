/** Search: members find profiles by the filters the spec names, nearest first. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { ActivityMarks } from '../profiles/activity-port';
import { searchRoutes } from './routes';

/** What the feature needs from the app's context. */
export type SearchNeeds = { db: Database; clock: Clock; activity: ActivityMarks };

export const searchModule: FeatureModule<SearchNeeds> = {
  name: 'search',
  async register(app, { db, clock, activity }) {
    await app.register(searchRoutes, { deps: { db, clock, activity } });
  },
};
