/** Discount codes (spec section 7): the member's welcome discount and the codes they type. */
import type { FeatureModule } from '../../app-context';
import { discountRoutes } from './routes';

export const discountsModule: FeatureModule = {
  name: 'discounts',
  async register(app, { db, clock, limiter }) {
    await app.register(discountRoutes, { deps: { db, clock, limiter } });
  },
};
