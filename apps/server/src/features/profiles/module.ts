/** Profiles: a member's own profile and the profiles they view. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { ActivityMarks } from './activity-port';
import { handleProfileEvents } from './event-handlers';
import { profileRoutes } from './routes';

/** What the feature needs from the app's context. */
export type ProfilesNeeds = { events: DomainEvents; db: Database; clock: Clock; activity: ActivityMarks };

export const profilesModule: FeatureModule<ProfilesNeeds> = {
  name: 'profiles',
  handleEvents(ctx) {
    handleProfileEvents(ctx.events);
  },
  async register(app, { db, clock, activity }) {
    await app.register(profileRoutes, { deps: { db, clock, activity } });
  },
};
