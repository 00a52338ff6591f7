/** Web push (decision 040): browsers' subscriptions, one delivery job per browser, signed with the VAPID keys. */
import type { FeatureModule } from '../../app-context';
import { handlePushEvents } from './event-handlers';
import { pushRoutes } from './routes';

export const pushModule: FeatureModule = {
  name: 'push',
  handleEvents(ctx) {
    handlePushEvents(ctx.events);
  },
  async register(app, { db, clock, jobs, push, mode }) {
    jobs.register(push.deliveryJob);
    await app.register(pushRoutes, { deps: { db, clock, production: mode === 'production' } });
  },
};
