/** Profiles: a member's own profile and the profiles they view. */
import type { FeatureModule } from '../../app-context';
import { handleProfileEvents } from './event-handlers';
import { profileRoutes } from './routes';

export const profilesModule: FeatureModule = {
  name: 'profiles',
  handleEvents(ctx) {
    handleProfileEvents(ctx.events);
  },
  async register(app, { db, clock, activity }) {
    await app.register(profileRoutes, { deps: { db, clock, activity } });
  },
};
