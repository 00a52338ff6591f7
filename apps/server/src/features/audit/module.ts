/** The audit log (decision 067): every staff action, append-only. */
import type { FeatureModule } from '../../app-context';
import { auditRoutes } from './routes';

export const auditModule: FeatureModule = {
  name: 'audit',
  async register(app, ctx) {
    await app.register(auditRoutes, { deps: ctx });
  },
};
