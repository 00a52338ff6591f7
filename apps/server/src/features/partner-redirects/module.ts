/** Partner redirects (issue 31, decision 051): public reads, and the back office's settings. */
import type { FeatureModule } from '../../app-context';
import { partnerRedirectRoutes } from './routes';
import { partnerRedirectAdminRoutes } from './admin-routes';

export const partnerRedirectsModule: FeatureModule = {
  name: 'partner-redirects',
  async register(app, ctx) {
    await app.register(partnerRedirectRoutes, { deps: { db: ctx.db, clock: ctx.clock }, countryHeader: ctx.countryHeader });
    await app.register(partnerRedirectAdminRoutes, { deps: ctx });
  },
};
