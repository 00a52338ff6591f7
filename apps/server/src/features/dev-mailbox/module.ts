/**
 * The development mailbox (decisions 012, 035): the mails a demo without SMTP would have sent,
 * answered only to this machine; 404 everywhere else. buildApp registers it before the web app,
 * so the SPA never answers for it.
 */
import type { FeatureModule } from '../../infra/feature-module';
import type { RunMode } from '../../run-mode';
import { isDemoMode } from '../../run-mode';
import { devMailboxRoutes } from './routes';

/** What the feature needs from the app's context. */
export type DevMailboxNeeds = { mode: RunMode; config: { smtpUrl?: string; dataDir: string } };

export const devMailboxModule: FeatureModule<DevMailboxNeeds> = {
  name: 'dev-mailbox',
  async register(app, { mode, config }) {
    await app.register(devMailboxRoutes, { enabled: isDemoMode(mode) && !config.smtpUrl, dataDir: config.dataDir });
  },
};
