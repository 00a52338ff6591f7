/** The audit log (decision 067): every staff action, append-only. */
import type { FeatureModule } from '../../infra/feature-module';
import type { BackOfficeDeps } from '../../back-office-deps';
import { auditRoutes } from './routes';

/** What the feature needs from the app's context. */
export type AuditNeeds = BackOfficeDeps;

export const auditModule: FeatureModule<AuditNeeds> = {
  name: 'audit',
  async register(app, ctx) {
    await app.register(auditRoutes, { deps: ctx });
  },
};
