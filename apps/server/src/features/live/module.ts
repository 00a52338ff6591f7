/** The live channel (decision 028): members' open apps, and who is online across processes (decision 036). */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { JobQueue } from '../../infra/jobs';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { LiveHubServer } from './hub';
import { presencePruneJob } from './presence';
import { liveRoutes } from './routes';

/** What the feature needs from the app's context. */
export type LiveNeeds = { db: Database; clock: Clock; jobs: JobQueue; live: LiveHubServer; publicOrigin: PublicOriginConfig };

export const liveModule: FeatureModule<LiveNeeds> = {
  name: 'live',
  async register(app, { db, clock, jobs, live, publicOrigin }) {
    jobs.register(presencePruneJob({ db, clock }));
    await app.register(liveRoutes, { hub: live, publicOrigin });
  },
};
