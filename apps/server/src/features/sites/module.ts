/** Sites (decision 003): settings.php and the back office's site settings. */
import type { FeatureModule } from '../../app-context';
import { sitesRoutes } from './routes';
import { siteAdminRoutes } from './admin-routes';

export const sitesModule: FeatureModule = {
  name: 'sites',
  async register(app, ctx) {
    await app.register(sitesRoutes, { sites: ctx.sites, settingsAnswer: ctx.settingsAnswer });
    await app.register(siteAdminRoutes, { deps: ctx });
  },
};
