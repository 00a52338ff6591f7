/** Promo tiles (issue 31, decision 051): public reads, and the back office's settings. */
import type { FeatureModule } from '../../app-context';
import { promoTileRoutes } from './routes';
import { promoTileAdminRoutes } from './admin-routes';

export const promotionsModule: FeatureModule = {
  name: 'promotions',
  async register(app, ctx) {
    await app.register(promoTileRoutes, { deps: { db: ctx.db, clock: ctx.clock }, countryHeader: ctx.countryHeader });
    await app.register(promoTileAdminRoutes, { deps: ctx });
  },
};
