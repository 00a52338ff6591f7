/** Matching: the swipe game and the match finder. */
import type { FeatureModule } from '../../app-context';
import { handleMatchingEvents } from './event-handlers';
import { matchingRoutes } from './routes';

export const matchingModule: FeatureModule = {
  name: 'matching',
  handleEvents(ctx) {
    handleMatchingEvents(ctx.events);
  },
  async register(app, { db, clock, activity, live }) {
    await app.register(matchingRoutes, { deps: { db, clock, activity }, live });
  },
};
