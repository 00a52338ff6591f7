/**
 * buildApp(deps): the HTTP plugins first, then the app's one context (build-context.ts), the
 * request plugins, every feature's module in order, and the web app last. No listening here:
 * main.ts and tests decide that.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppDeps } from './app-context';
import type { FeatureModule } from './infra/feature-module';
import { buildAppContext } from './build-context';
import { createHttpServer, registerHttpFoundation } from './plugins/http-foundation';
import requestContext from './plugins/request-context';
import originCheck from './plugins/origin-check';
import staffSession from './plugins/staff-session';
import session from './plugins/session';
import photos from './plugins/photos';
import webApp from './plugins/web-app';
import { sitesModule } from './features/sites/module';
import { referenceDataModule } from './features/reference-data/module';
import { profilesModule } from './features/profiles/module';
import { searchModule } from './features/search/module';
import { photosModule } from './features/photos/module';
import { blocksModule } from './features/blocks/module';
import { complaintsModule } from './features/complaints/module';
import { trafficModule } from './features/traffic/module';
import { matchingModule } from './features/matching/module';
import { likesModule } from './features/likes/module';
import { accountsModule } from './features/accounts/module';
import { notificationsModule } from './features/notifications/module';
import { pushModule } from './features/push/module';
import { campaignsModule } from './features/campaigns/module';
import { operatorConsoleModule } from './features/operator-console/module';
import { chatsModule } from './features/chats/module';
import { postbacksModule } from './features/postbacks/module';
import { liveModule } from './features/live/module';
import { creditsModule } from './features/credits/module';
import { reportsModule } from './features/reports/module';
import { promotionsModule } from './features/promotions/module';
import { partnerRedirectsModule } from './features/partner-redirects/module';
import { personalDataModule } from './features/personal-data/module';
import { geocodeModule } from './features/geocode/module';
import { staffModule } from './features/staff/module';
import { moderationModule } from './features/moderation/module';
import { membersDeskModule } from './features/members-desk/module';
import { fictionalProfilesModule } from './features/fictional-profiles/module';
import { dashboardModule } from './features/dashboard/module';
import { auditModule } from './features/audit/module';
import { discountsModule } from './features/discounts/module';
import { paymentsModule } from './features/payments/module';
import { devMailboxModule } from './features/dev-mailbox/module';

export type { AppDeps } from './app-context';

/** main.ts exits 10 s after SIGTERM at the latest; this leaves time to close the database after the jobs. */
export const JOB_STOP_TIMEOUT_MS = 8_000;

// prettier-ignore
const FEATURE_MODULES: readonly FeatureModule<AppContext>[] = [
  sitesModule, referenceDataModule,
  // A fact's handlers run in this order (decision 021), after the session's cache drop; likes before chats also orders profiles' contact sources.
  profilesModule, photosModule, blocksModule, complaintsModule, trafficModule, matchingModule, likesModule, accountsModule,
  notificationsModule, pushModule, campaignsModule, operatorConsoleModule, chatsModule, postbacksModule,
  liveModule, searchModule, creditsModule, reportsModule, promotionsModule, partnerRedirectsModule, personalDataModule, geocodeModule,
  // The back office (issue 13): staff calls under /admin/api, and the members' statements of reasons and appeals.
  staffModule, moderationModule, membersDeskModule, fictionalProfilesModule, dashboardModule, auditModule,
  discountsModule, paymentsModule,
  // Last, before the web app: the SPA never answers for it.
  devMailboxModule,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = createHttpServer(config, deps.logStream);
  const metrics = await registerHttpFoundation(app, config, deps.database);
  const ctx = await buildAppContext(app, deps, metrics);
  await app.register(requestContext, { sites: ctx.sites });
  await app.register(originCheck, { publicOrigin: ctx.publicOrigin });
  // Before any route: it checks that every back-office route declares who may call it (issue 13).
  await app.register(staffSession, { db: ctx.db, clock: ctx.clock });
  // Its after-commit cache drop comes first among every fact's handlers; the member view joins profiles' part.
  await app.register(session, {
    db: ctx.db,
    clock: ctx.clock,
    broker: ctx.broker,
    events: ctx.events,
    memberProfile: ctx.profilesForAccounts.memberProfile,
  });
  for (const module of FEATURE_MODULES) module.contribute?.(ctx);
  for (const module of FEATURE_MODULES) await module.handleEvents?.(ctx);
  for (const module of FEATURE_MODULES) await module.register?.(app, ctx);

  // A bare route for health checks and as the benchmarks' baseline: same server, no database.
  app.get('/api/health', { schema: { hide: true }, config: { withoutSite: true } }, async () => ({ ok: true }));
  await app.register(photos, { dataDir: config.dataDir });
  // A production server has the sandbox only with PAYMENT_SANDBOX=1 (preflight/checks.ts): a staging site, said on every page.
  const testSiteBanner = config.mode === 'production' && ctx.providers.payment.name === 'sandbox';
  await app.register(webApp, {
    webDistDir: config.webDistDir,
    testSiteBanner,
    settingsAnswer: ctx.settingsAnswer,
    countryHeader: config.countryHeader,
  });

  await ctx.jobs.start();
  // Shutdown: stop taking jobs as soon as closing starts, while requests drain; running jobs get
  // JOB_STOP_TIMEOUT_MS. Added last, so this onClose runs before the earlier ones close the
  // limiter and mailer that a running job may still use.
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    jobsStopped = ctx.jobs.stop(JOB_STOP_TIMEOUT_MS);
  });
  app.addHook('onClose', async () => jobsStopped ?? ctx.jobs.stop(JOB_STOP_TIMEOUT_MS));
  return app;
}
