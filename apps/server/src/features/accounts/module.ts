/** Accounts: signup, login, the account's settings, suspensions and the erasure of ended accounts. */
import type { FeatureModule } from '../../infra/feature-module';
import type { PersonalDataRegistry } from '../personal-data/registry';
import { accountDataPart, consentsDataPart } from './personal-data';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { JobQueue } from '../../infra/jobs';
import type { Mailer } from '../../infra/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteService } from '../sites/service';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { ProfilePort } from './profile-port';
import { handleAccountEvents } from './event-handlers';
import { accountRoutes } from './routes';
import { linkMailJob } from './mail-requests';
import { accountMaintenanceJob } from './erase-job';
import { suspensionLiftJob } from './suspension';

/** What the feature needs from the app's context. */
export type AccountsNeeds = {
  events: DomainEvents;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  limiter: RateLimiter;
  jobs: JobQueue;
  sites: SiteService;
  publicOrigin: PublicOriginConfig;
  countryHeader: string | undefined;
  profilesForAccounts: ProfilePort;
  personalData: PersonalDataRegistry;
};

export const accountsModule: FeatureModule<AccountsNeeds> = {
  name: 'accounts',
  contribute({ personalData }) {
    personalData.add(accountDataPart);
    personalData.add(consentsDataPart);
  },
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
