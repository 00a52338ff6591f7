/** Accounts: signup, login, the account's settings, suspensions and the erasure of ended accounts. */
import type { FeatureModule } from '../../app-context';
import { handleAccountEvents } from './event-handlers';
import { accountRoutes } from './routes';
import { linkMailJob } from './mail-requests';
import { accountMaintenanceJob } from './erase-job';
import { suspensionLiftJob } from './suspension';

export const accountsModule: FeatureModule = {
  name: 'accounts',
  handleEvents(ctx) {
    handleAccountEvents(ctx.events);
  },
  async register(app, { db, mailer, limiter, clock, log, events, jobs, sites, publicOrigin, countryHeader, profilesForAccounts }) {
    jobs.register(accountMaintenanceJob({ db, clock, limiter, events, log }));
    // Suspensions end by themselves (issue 13): every few minutes, ended ones become active again.
    jobs.register(suspensionLiftJob({ db, clock }));
    const deps = { db, mailer, limiter, clock, log, events, profiles: profilesForAccounts };
    // Reset and reactivation links asked for by address are mailed by a job, after the answer (decision 022).
    const linkMails = linkMailJob({ ...deps, sites, publicOrigin });
    jobs.register(linkMails);
    await app.register(accountRoutes, { deps, countryHeader, publicOrigin, sendLinkMail: (request) => jobs.send(linkMails, request) });
  },
};
