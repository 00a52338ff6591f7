/** Promo tiles (issue 31, decision 051): public reads, and the back office's settings. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { promoTileRoutes } from './routes';
import { promoTileAdminRoutes } from './admin-routes';

/** What the feature needs from the app's context. */
export type PromotionsNeeds = BackOfficeDeps & { countryHeader: string | undefined };

export const promotionsModule: FeatureModule<PromotionsNeeds> = {
  name: 'promotions',
  async register(app, ctx) {
    await app.register(promoTileRoutes, { deps: { db: ctx.db, clock: ctx.clock }, countryHeader: ctx.countryHeader });
    await app.register(promoTileAdminRoutes, { deps: ctx });
  },
};
