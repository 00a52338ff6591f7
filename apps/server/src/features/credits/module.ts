/** Credits: the balance, its ledger, and the nightly check that they agree. */
import type { FeatureModule } from '../../app-context';
import { checkLedgerDrift } from './ledger-check';
import { creditRoutes } from './routes';

export const creditsModule: FeatureModule = {
  name: 'credits',
  async register(app, { db, log, jobs }) {
    // Nightly, off-peak: every balance against the sum of its ledger entries; drift is logged as an error.
    jobs.register({ name: 'ledger_check', cron: '30 3 * * *', run: async () => void (await checkLedgerDrift({ db, log })) });
    await app.register(creditRoutes, { deps: { db } });
  },
};
