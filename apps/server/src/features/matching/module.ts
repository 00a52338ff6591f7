/** Matching: the swipe game and the match finder. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { ActivityMarks } from '../profiles/activity-port';
import type { LiveHub } from '../live/live-hub';
import { handleMatchingEvents } from './event-handlers';
import { matchingRoutes } from './routes';

/** What the feature needs from the app's context. */
export type MatchingNeeds = { events: DomainEvents; db: Database; clock: Clock; activity: ActivityMarks; live: LiveHub };

export const matchingModule: FeatureModule<MatchingNeeds> = {
  name: 'matching',
  handleEvents(ctx) {
    handleMatchingEvents(ctx.events);
  },
  async register(app, { db, clock, activity, live }) {
    await app.register(matchingRoutes, { deps: { db, clock, activity }, live });
  },
};
