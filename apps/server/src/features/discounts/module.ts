/** Discount codes (spec section 7): the member's welcome discount and the codes they type. */
import type { FeatureModule } from '../../infra/feature-module';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { RateLimiter } from '../../infra/rate-limiter';
import { discountRoutes } from './routes';

/** What the feature needs from the app's context. */
export type DiscountsNeeds = { db: Database; clock: Clock; limiter: RateLimiter };

export const discountsModule: FeatureModule<DiscountsNeeds> = {
  name: 'discounts',
  async register(app, { db, clock, limiter }) {
    await app.register(discountRoutes, { deps: { db, clock, limiter } });
  },
};
