/** Sites (decision 003): settings.php and the back office's site settings. */
import type { FeatureModule } from '../../infra/feature-module';
import type { SettingsAnswers } from './settings-answer';
import type { BackOfficeDeps } from '../../back-office-deps';
import { sitesRoutes } from './routes';
import { siteAdminRoutes } from './admin-routes';

/** What the feature needs from the app's context. */
export type SitesNeeds = BackOfficeDeps & { settingsAnswer: SettingsAnswers };

export const sitesModule: FeatureModule<SitesNeeds> = {
  name: 'sites',
  async register(app, ctx) {
    await app.register(sitesRoutes, { sites: ctx.sites, settingsAnswer: ctx.settingsAnswer });
    await app.register(siteAdminRoutes, { deps: ctx });
  },
};
