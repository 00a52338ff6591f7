/**
 * buildApp(deps): plugins first (security, cookies, contracts, OpenAPI), then the request
 * context, then each feature's routes, then the web app. No listening here: main.ts and tests
 * decide that.
 */
import { NOTIFICATION_MAIL_DELAY_SECONDS } from '@cupido/shared/rules/notifications';
import { notificationJobs } from './features/notifications/jobs';
import { handleNotificationEvents } from './features/notifications/event-handlers';
import { notificationRoutes } from './features/notifications/routes';
import { mailEventJob, mailEventRoutes } from './features/notifications/bounces';
import { unreadReminderJobs } from './features/notifications/reminders';
import { weeklyUpdateJobs } from './features/notifications/weekly-updates';
import { CAMPAIGN_MAILS_PER_MINUTE, campaignDelivery } from './features/campaigns/delivery';
import { handleCampaignEvents } from './features/campaigns/event-handlers';
import { campaignRoutes } from './features/campaigns/routes';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/open';
import errorsPlugin from './plugins/errors';
import compression from './plugins/compression';
import securityHeaders from './plugins/security-headers';
import requestContext from './plugins/request-context';
import originCheck from './plugins/origin-check';
import { PRODUCTION_PUBLIC_ORIGIN } from './features/sites/public-origin';
import { fastifyTrustProxy, trustsAnyProxy } from './infra/trust-proxy';
import photos from './plugins/photos';
import webApp from './plugins/web-app';
import { SiteService, type Site } from './features/sites/service';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { sitesRoutes } from './features/sites/routes';
import { settingsAnswers } from './features/sites/settings-answer';
import { referenceDataRoutes } from './features/reference-data/routes';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';
import { createPush } from './features/push/delivery';
import { handlePushEvents } from './features/push/event-handlers';
import { pushRoutes } from './features/push/routes';
import { documentedUrl } from './plugins/query-flag';
import session from './plugins/session';
import { accountRoutes } from './features/accounts/routes';
import { linkMailJob } from './features/accounts/mail-requests';
import { profilesForAccounts } from './features/profiles/for-accounts';
import { devMailboxRoutes } from './features/dev-mailbox/routes';
import { photoRoutes } from './features/photos/routes';
import { createPhotoStorage } from './infra/photo-storage';
import { accountMaintenanceJob } from './features/accounts/erase-job';
import { checkLedgerDrift } from './features/credits/ledger-check';
import { JobQueue, type JobMode } from './infra/jobs';
import health from './plugins/health';
import metricsPlugin, { createMetrics } from './plugins/metrics';
import { profileRoutes } from './features/profiles/routes';
import { searchRoutes } from './features/search/routes';
import { blockRoutes } from './features/blocks/routes';
import { matchingRoutes } from './features/matching/routes';
import { profilesForBlocks } from './features/profiles/for-blocks';
import { reportRoutes } from './features/reports/routes';
import { complaintRoutes } from './features/complaints/routes';
import { trafficRoutes } from './features/traffic/routes';
import { promoTileRoutes } from './features/promotions/routes';
import { partnerRedirectRoutes } from './features/partner-redirects/routes';
import { handleComplaintEvents } from './features/complaints/event-handlers';
import { handleTrafficEvents } from './features/traffic/event-handlers';
import { creditRoutes } from './features/credits/routes';
import { personalDataRoutes } from './features/personal-data/routes';
import { personalDataParts } from './personal-data-parts';
import { geocodeRoutes } from './features/geocode/routes';
import { systemClock, type Clock } from './infra/clock';
import { createMailer } from './infra/mailer';
import { createRateLimiter } from './infra/rate-limiter';
import { loggerOptions } from './plugins/log-safety';
import { DomainEvents } from './infra/domain-events';
import { createBroker, DEFAULT_BROKER_CHANNEL_PREFIX, type Broker } from './infra/broker';
import { handleBlockEvents } from './features/blocks/event-handlers';
import { handleMatchingEvents } from './features/matching/event-handlers';
import { handlePhotoEvents } from './features/photos/event-handlers';
import { handleProfileEvents } from './features/profiles/event-handlers';
import { handleLikeEvents } from './features/likes/event-handlers';
import { likeRoutes } from './features/likes/routes';
import { likeGrantsPruneJob } from './features/likes/grants-prune-job';
import { likedEitherWay } from './features/likes/service';
import { addExistingContactSource } from './features/profiles/contact';
import { createLiveHub, type LiveLimits } from './features/live/hub';
import { createPresenceRecorder, presencePruneJob } from './features/live/presence';
import { activityMarks } from './features/presence/activity';
import { liveRoutes } from './features/live/routes';
import { chatRoutes } from './features/chats/routes';
import { handleChatEvents } from './features/chats/event-handlers';
import { handleOperatorConsoleEvents, spendingReminderFor } from './features/operator-console/member-care';
import { conversationExistsBetween } from './features/chats/store';
import { chatImageRoutes } from './features/chats/image-routes';
import { createChatImageStorage, deleteChatImageFiles } from './features/chats/image-messages';
import staffSession from './plugins/staff-session';
import { registerBackOffice } from './back-office';
import { afterMessageRemoved } from './features/chats/moderation-removal';
import { suspensionLiftJob } from './features/accounts/suspension';
import { handleAccountEvents } from './features/accounts/event-handlers';
import { registerPayments } from './features/payments/register';
import { registerPostbacks } from './features/postbacks/register';
import { createPaymentProvider } from './features/payments/providers';
import type { PaymentProvider } from './features/payments/providers/port';
import { discountRoutes } from './features/discounts/routes';
import { createSmsSender } from './infra/sms';
import { isDemoMode, type RunMode } from './run-mode';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (infra/jobs.ts): send jobs; tests run them with runSchedules() and drain(). */
    jobs: JobQueue;
    /** The app's domain events (decision 021), with every feature's handlers registered. */
    events: DomainEvents;
    /** Messages to every server process (decision 021): cache invalidation now, chat fan-out later. */
    broker: Broker;
    /** The site lookups; `sites.changed()` after a site row changed drops them in every process. */
    sites: SiteService;
  }
}

/** main.ts exits 10 s after SIGTERM at the latest; this leaves time to close the database after the jobs. */
export const JOB_STOP_TIMEOUT_MS = 8_000;

export interface AppDeps {
  config: Pick<Config, 'countryHeader' | 'trustProxy' | 'logLevel' | 'webDistDir' | 'dataDir' | 'smtpUrl' | 'redisUrl'> &
    Partial<
      Pick<
        Config,
        | 'photoS3'
        | 'metricsToken'
        | 'publicOrigin'
        | 'payments'
        | 'sms'
        | 'paymentSandboxAllowed'
        | 'dkim'
        | 'notificationMailDelaySeconds'
        | 'campaignMailsPerMinute'
        | 'mailgunWebhookSigningKey'
      >
    > & {
      /** Demo, production or the tests' app (run-mode.ts, decision 035): which demo- and test-only parts exist. */
      mode: RunMode;
      /** Prefix of rate-limit keys in Redis; tests give each app its own. */
      rateLimitKeyPrefix?: string;
      /** Prefix of broker channels (default cupido:); apps that should hear each other share it. */
      brokerChannelPrefix?: string;
      /** The live channel's heartbeat and limits (tests shorten them). */
      liveLimits?: Partial<LiveLimits>;
    };
  database: DatabaseHandle;
  /** "Now" for expiry, lockouts and the deletion window; tests move it forward. */
  clock?: Clock;
  /**
   * How this process takes part in the job queue (infra/jobs.ts): 'background' runs jobs and
   * schedules (the server, WORKER=1), 'send-only' only sends (WORKER=0), 'manual' (default, tests)
   * runs nothing by itself: `app.jobs.runSchedules()` and `app.jobs.drain()` do it at once.
   */
  jobMode?: JobMode;
  /** Where the log goes instead of stdout (tests read what an error writes there). */
  logStream?: NodeJS.WritableStream;
  /**
   * Outside parties the app talks to, when the caller brings its own: a test's payment provider
   * that answers as the test says (issue 33: a slot, not a module mock). Absent: built from config.
   */
  providers?: { payment?: PaymentProvider };
}

export async function buildApp({
  config,
  database,
  clock = systemClock,
  jobMode = 'manual',
  logStream,
  providers = {},
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Requests with oversized headers are refused by Node with 431 before they reach us.
    routerOptions: { maxParamLength: 200 },
    disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeaders, { hsts: trustsAnyProxy(config.trustProxy) });
  await app.register(fastifyCookie);
  await app.register(errorsPlugin);
  // Before every route, so each one's duration is measured; /metrics itself needs METRICS_TOKEN.
  const metrics = createMetrics({ poolUse: database.poolUse, processMetrics: config.metricsToken !== undefined });
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(health, { db: database.db, redisUrl: config.redisUrl, log: app.log });
  // Before every route: it attaches to routes as they are added (API JSON only, see the plugin).
  await app.register(compression);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cupido API', version: '1.0.0', description: 'The documented calls of the Cupido dating platform.' },
    },
    // POST /api/user.php?push=1 beside the login's POST /api/user.php (plugins/query-flag.ts).
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      return { ...transformed, url: documentedUrl(transformed.url, input.route) };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Cache invalidation across processes (decision 021): Redis pub/sub when configured, else in-process.
  const broker = createBroker({
    redisUrl: config.redisUrl,
    channelPrefix: config.brokerChannelPrefix ?? DEFAULT_BROKER_CHANNEL_PREFIX,
    log: app.log,
  });
  app.addHook('onClose', async () => broker.close());
  app.decorate('broker', broker);
  const sites = new SiteService(database.db, broker);
  await sites.listen();
  app.decorate('sites', sites);
  const vapid = await loadOrCreateVapidKeys(database.db);
  await app.register(requestContext, { sites });
  // Links and the Origin check use the site's configured origin, never the request's (decision 022).
  const publicOrigin = config.publicOrigin ?? PRODUCTION_PUBLIC_ORIGIN;
  await app.register(originCheck, { publicOrigin });
  // Before any route: it checks that every back-office route declares who may call it (issue 13).
  await app.register(staffSession, { db: database.db, clock });

  // settings.php's answers, also put in the web shell so the first screen needs no call first (issue 29).
  const settingsAnswer = settingsAnswers({ countryHeader: config.countryHeader, pushPublicKey: vapid.publicKey });
  await app.register(sitesRoutes, { sites, settingsAnswer });
  await app.register(referenceDataRoutes);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log, dkim: config.dkim });
  const limiter = createRateLimiter({ redisUrl: config.redisUrl, db: database.db, clock, keyPrefix: config.rateLimitKeyPrefix });
  app.addHook('onClose', async () => {
    await Promise.all([mailer.close(), limiter.close()]);
  });
  // One photo storage for the upload routes and the erase job: S3 when configured, else the data dir.
  const storage = createPhotoStorage({ dataDir: config.dataDir, s3: config.photoS3 });
  // Chat images: the same adapter, in a place nothing serves publicly (only GET /api/chat-image.php, to the two members).
  const chatImages = createChatImageStorage({ dataDir: config.dataDir, s3: config.photoS3 });
  // Cross-feature effects (decision 021): each feature registers what it does on others' facts.
  const events = new DomainEvents(app.log);
  handleProfileEvents(events);
  handlePhotoEvents(events, { storage, log: app.log });
  handleBlockEvents(events);
  handleComplaintEvents(events);
  // The traffic figures (decision 054): signups, activations and purchases counted per source and day.
  handleTrafficEvents(events, clock);
  handleMatchingEvents(events);
  handleLikeEvents(events);
  handleAccountEvents(events);
  handleNotificationEvents(events);
  handlePushEvents(events);
  handleCampaignEvents(events);
  // A like either way makes two members partners: an invisible one stays reachable for the other.
  addExistingContactSource(likedEitherWay);
  app.decorate('events', events);
  // Every job, registered in every process (a 'send-only' one can still send them); started at the end.
  const jobs = new JobQueue({
    connection: database.jobQueueConnection,
    mode: jobMode,
    log: app.log,
    clock,
    onJobFinished: metrics.recordJob,
  });
  jobs.register(accountMaintenanceJob({ db: database.db, clock, limiter, events, log: app.log }));
  // Nightly, off-peak: every balance against the sum of its ledger entries; drift is logged as an error.
  jobs.register({
    name: 'ledger_check',
    cron: '30 3 * * *',
    run: async () => void (await checkLedgerDrift({ db: database.db, log: app.log })),
  });
  // Nightly too: the daily Like count only reads today's grants.
  jobs.register(likeGrantsPruneJob({ db: database.db, clock }));
  // Suspensions end by themselves (issue 13): every few minutes, ended ones become active again.
  jobs.register(suspensionLiftJob({ db: database.db, clock }));
  app.decorate('jobs', jobs);
  // The member view joins the profile part that profiles names (decision 021: accounts cannot import profiles).
  await app.register(session, { db: database.db, clock, broker, events, memberProfile: profilesForAccounts.memberProfile });
  // The live channel (decision 028): likes and chats send frames to members' open apps through `live`.
  // Who is online across processes (decision 036): this process's member_presence rows, written by the hub.
  const presence = createPresenceRecorder({
    db: database.db,
    clock,
    log: app.log,
    heartbeatMs: config.liveLimits?.presenceHeartbeatMs,
    beatChunk: config.liveLimits?.presenceBeatChunk,
  });
  jobs.register(presencePruneJob({ db: database.db, clock }));
  const live = await createLiveHub({ broker, clock, log: app.log, registry: metrics.registry, limits: config.liveLimits, presence });
  app.decorate('live', live);
  await app.register(liveRoutes, { hub: live, publicOrigin });
  // Chats (issue 12): messages, read state and removal; frames go out through `live` after each commit.
  // The operator console (issue 15) sits above chats: it records the vulnerability signals of
  // members' messages to fictional profiles and lends chats the spending reminder of flagged members.
  handleOperatorConsoleEvents(events, clock);
  // "Online now" / "active today" on every list of profiles (issue 28): the lists sit below what knows activity.
  const activity = activityMarks({ db: database.db, clock });
  const chatDeps = {
    db: database.db,
    clock,
    limiter,
    live,
    sites,
    log: app.log,
    events,
    spendingReminder: (site: Site, memberProfileId: number, locale: LocaleCode) =>
      spendingReminderFor(database.db, site, memberProfileId, locale),
    activity,
  };
  handleChatEvents(events, { ...chatDeps, onImagesDeleted: (keys) => deleteChatImageFiles({ storage: chatImages, log: app.log }, keys) });
  // A conversation makes two members partners: an invisible one stays reachable for the other.
  addExistingContactSource(conversationExistsBetween);
  const accountDeps = { db: database.db, mailer, limiter, clock, log: app.log, events, profiles: profilesForAccounts };
  // Reset and reactivation links asked for by address are mailed by a job, after the answer (decision 022).
  const linkMails = linkMailJob({ ...accountDeps, sites, publicOrigin });
  jobs.register(linkMails);
  await app.register(accountRoutes, {
    deps: accountDeps,
    countryHeader: config.countryHeader,
    publicOrigin,
    sendLinkMail: (request) => jobs.send(linkMails, request),
  });
  await app.register(profileRoutes, { deps: { db: database.db, clock, activity } });
  await app.register(searchRoutes, { deps: { db: database.db, clock, activity } });
  await app.register(blockRoutes, { deps: { db: database.db, clock, events, profiles: profilesForBlocks(database.db) } });
  await app.register(matchingRoutes, { deps: { db: database.db, clock, activity }, live });
  await app.register(reportRoutes, { deps: { db: database.db, clock } });
  await app.register(complaintRoutes, { deps: { db: database.db, clock, limiter } });
  await app.register(trafficRoutes, { deps: { db: database.db, clock, limiter } });
  // Promo tiles and partner redirects (issue 31, decision 051): public reads; the back office's side is in back-office.ts.
  await app.register(promoTileRoutes, { deps: { db: database.db, clock }, countryHeader: config.countryHeader });
  await app.register(partnerRedirectRoutes, { deps: { db: database.db, clock }, countryHeader: config.countryHeader });
  await app.register(likeRoutes, { deps: { db: database.db, clock, limiter, activity }, live });
  await app.register(chatRoutes, { deps: chatDeps });
  await app.register(chatImageRoutes, { deps: chatDeps, storage: chatImages });
  // Web push (decision 040): browsers' subscriptions, one delivery job per browser, signed with the VAPID keys.
  const production = config.mode === 'production';
  const push = createPush({ db: database.db, clock, jobs, vapid, production, log: app.log });
  jobs.register(push.deliveryJob);
  await app.register(pushRoutes, { deps: { db: database.db, clock, production } });
  // Notification mails and pushes (issue 30): a scan job reads chats' and likes' news, one mail job and one push job per member and topic.
  const notificationDeps = {
    db: database.db,
    clock,
    mailer,
    jobs,
    sites,
    publicOrigin,
    delaySeconds: config.notificationMailDelaySeconds ?? NOTIFICATION_MAIL_DELAY_SECONDS,
    push,
  };
  const notifications = notificationJobs(notificationDeps);
  jobs.register(notifications.scan);
  jobs.register(notifications.mail);
  jobs.register(notifications.push);
  // Unread-message reminders (hourly scan) and weekly updates (Mondays), one job per member each.
  const reminders = unreadReminderJobs(notificationDeps);
  jobs.register(reminders.scan);
  jobs.register(reminders.reminder);
  const weekly = weeklyUpdateJobs(notificationDeps);
  jobs.register(weekly.scan);
  jobs.register(weekly.update);
  await app.register(notificationRoutes, { deps: notificationDeps, forgetMemberSessions: (userId) => app.forgetMemberSessions(userId) });
  // Promotions and news (decision 043): staff write them in the back office; one job per batch of the audience, throttled per site.
  const campaignDeps = {
    db: database.db,
    clock,
    mailer,
    push,
    jobs,
    sites,
    publicOrigin,
    limiter,
    mailsPerMinute: config.campaignMailsPerMinute ?? CAMPAIGN_MAILS_PER_MINUTE,
  };
  const campaigns = campaignDelivery(campaignDeps);
  jobs.register(campaigns.batch);
  jobs.register(campaigns.resume);
  await app.register(campaignRoutes, { deps: campaignDeps, delivery: campaigns });
  // Bounces and spam complaints (Mailgun's webhook): mails stop for the address at once.
  const mailEventDeps = {
    db: database.db,
    clock,
    jobs,
    signingKey: config.mailgunWebhookSigningKey,
    forgetMemberSessions: (userId: number) => app.forgetMemberSessions(userId),
  };
  const mailEvents = mailEventJob(mailEventDeps);
  jobs.register(mailEvents);
  await app.register(mailEventRoutes, { deps: mailEventDeps, job: mailEvents });
  await app.register(creditRoutes, { deps: { db: database.db } });
  await app.register(personalDataRoutes, { deps: { db: database.db, clock, publicOrigin }, parts: personalDataParts });
  await app.register(geocodeRoutes);
  await app.register(photoRoutes, { deps: { db: database.db, storage, limiter, log: app.log } });
  // The back office (issue 13): staff calls under /admin/api and the members' statements of reasons and appeals.
  await registerBackOffice(app, {
    db: database.db,
    clock,
    events,
    mailer,
    limiter,
    sites,
    storage,
    chatImages,
    jobs,
    publicOrigin,
    log: app.log,
    live,
    forgetMemberSessions: (userId) => app.forgetMemberSessions(userId),
    chatMessageRemoved: (removed) =>
      afterMessageRemoved(
        { ...chatDeps, deleteImageFiles: (keys) => deleteChatImageFiles({ storage: chatImages, log: app.log }, keys) },
        removed,
      ),
  });

  // Conversion postbacks (issue 31, decision 050): signups, activations and first purchases reported to the site's networks by a job.
  await registerPostbacks(app, { db: database.db, clock, events, jobs, mode: config.mode });

  // Credits shop and payments (issue 14, decision 032): the sandbox provider unless PAYMENT_PROVIDER says otherwise.
  const provider = providers.payment ?? createPaymentProvider(config.payments ?? { provider: 'sandbox' }, { db: database.db, clock });
  // A production server reaches here with the sandbox only when PAYMENT_SANDBOX=1 (preflight/checks.ts): a staging site, said on every page.
  const testSiteBanner = config.mode === 'production' && provider.name === 'sandbox';
  const sms = createSmsSender({ gateway: config.sms, dataDir: config.dataDir, log: app.log });
  await app.register(discountRoutes, { deps: { db: database.db, clock, limiter } });
  await registerPayments(
    app,
    {
      db: database.db,
      clock,
      events,
      mailer,
      limiter,
      sites,
      jobs,
      publicOrigin,
      log: app.log,
      provider,
      sms,
      countryHeader: config.countryHeader,
      forgetMemberSessions: (userId) => app.forgetMemberSessions(userId),
    },
    { sandboxTestRoutes: config.mode === 'test' },
  );

  // A bare route for health checks and as the benchmarks' baseline: same server, no database.
  app.get('/api/health', { schema: { hide: true }, config: { withoutSite: true } }, async () => ({ ok: true }));

  await app.register(photos, { dataDir: config.dataDir });
  // Before the web app, so the SPA never answers for it; 404 unless a demo without SMTP, asked from this machine (decisions 012, 035).
  await app.register(devMailboxRoutes, { enabled: isDemoMode(config.mode) && !config.smtpUrl, dataDir: config.dataDir });
  await app.register(webApp, { webDistDir: config.webDistDir, testSiteBanner, settingsAnswer, countryHeader: config.countryHeader });

  await jobs.start();
  // Shutdown: stop taking jobs as soon as closing starts, while requests drain; running jobs get
  // JOB_STOP_TIMEOUT_MS. Added last, so this onClose runs before the earlier ones close the
  // limiter and mailer that a running job may still use.
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    jobsStopped = jobs.stop(JOB_STOP_TIMEOUT_MS);
  });
  app.addHook('onClose', async () => jobsStopped ?? jobs.stop(JOB_STOP_TIMEOUT_MS));
  return app;
}
