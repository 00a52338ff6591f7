/** Likes: given and received, the daily allowance, and matches. */
import type { FeatureModule } from '../../app-context';
import { addExistingContactSource } from '../profiles/contact';
import { handleLikeEvents } from './event-handlers';
import { likeRoutes } from './routes';
import { likeGrantsPruneJob } from './grants-prune-job';
import { likedEitherWay } from './service';

export const likesModule: FeatureModule = {
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
