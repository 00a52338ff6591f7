/** Complaints (issue 31): the public complaints form and the back office's queue. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { complaintsDataPart } from './personal-data';
import type { BackOfficeDeps } from '../../back-office-deps';
import { handleComplaintEvents } from './event-handlers';
import { complaintRoutes } from './routes';
import { complaintQueueRoutes } from './admin-routes';

/** What the feature needs from the app's context. */
export type ComplaintsNeeds = BackOfficeDeps & { personalData: PersonalDataRegistry };

export const complaintsModule: FeatureModule<ComplaintsNeeds> = {
  name: 'complaints',
  contribute({ personalData }) {
    personalData.add(complaintsDataPart);
  },
  handleEvents(ctx) {
    handleComplaintEvents(ctx.events);
  },
  async register(app, ctx) {
    await app.register(complaintRoutes, { deps: { db: ctx.db, clock: ctx.clock, limiter: ctx.limiter } });
    await app.register(complaintQueueRoutes, { deps: ctx });
  },
};
