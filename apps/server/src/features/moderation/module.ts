/** Moderation (decisions 063, 064): the photo and report queues, and the members' statements of reasons and appeals. */
import type { FeatureModule } from '../../app-context';
import { photoQueueRoutes } from './photo-queue-routes';
import { reportQueueRoutes } from './report-queue-routes';
import { memberDecisionRoutes } from './member-routes';

export const moderationModule: FeatureModule = {
  name: 'moderation',
  async register(app, ctx) {
    await app.register(photoQueueRoutes, { deps: ctx });
    await app.register(reportQueueRoutes, { deps: ctx });
    await app.register(memberDecisionRoutes, { deps: ctx });
  },
};
