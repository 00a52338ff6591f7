/** Partner redirects (issue 31, decision 051): public reads, and the back office's settings. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { partnerRedirectRoutes } from './routes';
import { partnerRedirectAdminRoutes } from './admin-routes';

/** What the feature needs from the app's context. */
export type PartnerRedirectsNeeds = BackOfficeDeps & { countryHeader: string | undefined };

export const partnerRedirectsModule: FeatureModule<PartnerRedirectsNeeds> = {
  name: 'partner-redirects',
  async register(app, ctx) {
    await app.register(partnerRedirectRoutes, { deps: { db: ctx.db, clock: ctx.clock }, countryHeader: ctx.countryHeader });
    await app.register(partnerRedirectAdminRoutes, { deps: ctx });
  },
};
