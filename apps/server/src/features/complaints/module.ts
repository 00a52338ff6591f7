/** Complaints (issue 31): the public complaints form and the back office's queue. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { handleComplaintEvents } from './event-handlers';
import { complaintRoutes } from './routes';
import { complaintQueueRoutes } from './admin-routes';

/** What the feature needs from the app's context. */
export type ComplaintsNeeds = BackOfficeDeps;

export const complaintsModule: FeatureModule<ComplaintsNeeds> = {
  name: 'complaints',
  handleEvents(ctx) {
    handleComplaintEvents(ctx.events);
  },
  async register(app, ctx) {
    await app.register(complaintRoutes, { deps: { db: ctx.db, clock: ctx.clock, limiter: ctx.limiter } });
    await app.register(complaintQueueRoutes, { deps: ctx });
  },
};
