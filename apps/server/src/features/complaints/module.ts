/** Complaints (issue 31): the public complaints form and the back office's queue. */
import type { FeatureModule } from '../../app-context';
import { handleComplaintEvents } from './event-handlers';
import { complaintRoutes } from './routes';
import { complaintQueueRoutes } from './admin-routes';

export const complaintsModule: FeatureModule = {
  name: 'complaints',
  handleEvents(ctx) {
    handleComplaintEvents(ctx.events);
  },
  async register(app, ctx) {
    await app.register(complaintRoutes, { deps: { db: ctx.db, clock: ctx.clock, limiter: ctx.limiter } });
    await app.register(complaintQueueRoutes, { deps: ctx });
  },
};
