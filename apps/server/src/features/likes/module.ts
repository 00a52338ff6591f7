/** Likes: given and received, the daily allowance, and matches. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { JobQueue } from '../../infra/jobs';
import type { ActivityMarks } from '../profiles/activity-port';
import type { LiveHub } from '../live/live-hub';
import { addExistingContactSource } from '../profiles/contact';
import { handleLikeEvents } from './event-handlers';
import { likeRoutes } from './routes';
import { likeGrantsPruneJob } from './grants-prune-job';
import { likedEitherWay } from './service';

/** What the feature needs from the app's context. */
export type LikesNeeds = {
  events: DomainEvents;
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  activity: ActivityMarks;
  live: LiveHub;
  jobs: JobQueue;
};

export const likesModule: FeatureModule<LikesNeeds> = {
  name: 'likes',
  handleEvents(ctx) {
    handleLikeEvents(ctx.events);
    // A like either way makes two members partners: an invisible one stays reachable for the other.
    addExistingContactSource(likedEitherWay);
  },
  async register(app, { db, clock, limiter, activity, live, jobs }) {
    // Nightly: the daily Like count only reads today's grants.
    jobs.register(likeGrantsPruneJob({ db, clock }));
    await app.register(likeRoutes, { deps: { db, clock, limiter, activity }, live });
  },
};
