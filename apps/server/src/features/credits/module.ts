/** Credits: the balance, its ledger, and the nightly check that they agree. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { creditHistoryDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { JobQueue } from '../../infra/jobs';
import type { FastifyBaseLogger } from 'fastify';
import { checkLedgerDrift } from './ledger-check';
import { creditRoutes } from './routes';

/** What the feature needs from the app's context. */
export type CreditsNeeds = { db: Database; log: FastifyBaseLogger; jobs: JobQueue; personalData: PersonalDataRegistry };

export const creditsModule: FeatureModule<CreditsNeeds> = {
  name: 'credits',
  contribute({ personalData }) {
    personalData.add(creditHistoryDataPart);
  },
  async register(app, { db, log, jobs }) {
    // Nightly, off-peak: every balance against the sum of its ledger entries; drift is logged as an error.
    jobs.register({ name: 'ledger_check', cron: '30 3 * * *', run: async () => void (await checkLedgerDrift({ db, log })) });
    await app.register(creditRoutes, { deps: { db } });
  },
};
