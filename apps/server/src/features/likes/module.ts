/** Likes: given and received, the daily allowance, and matches. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { likesDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { JobQueue } from '../../infra/jobs';
import type { ActivityMarks } from '../profiles/activity-port';
import type { LiveHub } from '../live/live-hub';
import type { ExistingContactSources } from '../profiles/contact';
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
  contactSources: ExistingContactSources;
  personalData: PersonalDataRegistry;
};

export const likesModule: FeatureModule<LikesNeeds> = {
  name: 'likes',
  contribute({ personalData, contactSources }) {
    personalData.add(likesDataPart);
    // A like either way makes two members partners: an invisible one stays reachable for the other.
    contactSources.add(likedEitherWay);
  },
  handleEvents(ctx) {
    handleLikeEvents(ctx.events);
  },
  async register(app, { db, clock, limiter, activity, live, jobs, contactSources }) {
    // Nightly: the daily Like count only reads today's grants.
    jobs.register(likeGrantsPruneJob({ db, clock }));
    await app.register(likeRoutes, { deps: { db, clock, limiter, activity, contactSources }, live });
  },
};
