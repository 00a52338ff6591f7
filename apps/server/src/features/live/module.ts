/** The live channel (decision 028): members' open apps, and who is online across processes (decision 036). */
import type { FeatureModule } from '../../app-context';
import { presencePruneJob } from './presence';
import { liveRoutes } from './routes';

export const liveModule: FeatureModule = {
  name: 'live',
  async register(app, { db, clock, jobs, live, publicOrigin }) {
    jobs.register(presencePruneJob({ db, clock }));
    await app.register(liveRoutes, { hub: live, publicOrigin });
  },
};
