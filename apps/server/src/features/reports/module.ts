/** Reports: a member reports a profile or one of its photos (trust.md, DSA). */
import type { FeatureModule } from '../../app-context';
import { reportRoutes } from './routes';

export const reportsModule: FeatureModule = {
  name: 'reports',
  async register(app, { db, clock }) {
    await app.register(reportRoutes, { deps: { db, clock } });
  },
};
