/** Moderation (decisions 063, 064): the photo and report queues, and the members' statements of reasons and appeals. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { photoQueueRoutes } from './photo-queue-routes';
import { reportQueueRoutes } from './report-queue-routes';
import { memberDecisionRoutes } from './member-routes';

/** What the feature needs from the app's context. */
export type ModerationNeeds = BackOfficeDeps;

export const moderationModule: FeatureModule<ModerationNeeds> = {
  name: 'moderation',
  async register(app, ctx) {
    await app.register(photoQueueRoutes, { deps: ctx });
    await app.register(reportQueueRoutes, { deps: ctx });
    await app.register(memberDecisionRoutes, { deps: ctx });
  },
};
