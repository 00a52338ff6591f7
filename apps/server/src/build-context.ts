/**
 * Builds the app's one context (app-context.ts) from its deps: the shared parts every process
 * has (broker, sites, events, jobs, mailer, limiter, storage, the live channel) and the ports
 * that let a feature reach one above it without importing it. buildApp calls it once, after the
 * HTTP plugins and before the features' modules.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppDeps } from './app-context';
import type { AppMetrics } from './plugins/metrics';
import { systemClock } from './infra/clock';
import { createBroker, DEFAULT_BROKER_CHANNEL_PREFIX } from './infra/broker';
import { DomainEvents } from './infra/domain-events';
import { JobQueue } from './infra/jobs';
import { createMailer } from './infra/mailer';
import { createRateLimiter } from './infra/rate-limiter';
import { createPhotoStorage } from './infra/photo-storage';
import { createSmsSender } from './infra/sms';
import { SiteService } from './features/sites/service';
import { settingsAnswers } from './features/sites/settings-answer';
import { PRODUCTION_PUBLIC_ORIGIN } from './features/sites/public-origin';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';
import { createPush } from './features/push/delivery';
import { createLiveHub } from './features/live/hub';
import { createPresenceRecorder } from './features/live/presence';
import { activityMarks } from './features/presence/activity';
import { createChatImageStorage, deleteChatImageFiles } from './features/chats/image-messages';
import { afterMessageRemoved } from './features/chats/moderation-removal';
import { spendingReminderFor } from './features/operator-console/member-care';
import { profilesForAccounts } from './features/profiles/for-accounts';
import { profilesForBlocks } from './features/profiles/for-blocks';
import { ExistingContactSources } from './features/profiles/contact';
import { createPaymentProvider } from './features/payments/providers';
import { PersonalDataRegistry } from './features/personal-data/registry';

export async function buildAppContext(
  app: FastifyInstance,
  { config, database, clock = systemClock, jobMode = 'manual', providers = {} }: AppDeps,
  metrics: AppMetrics,
): Promise<AppContext> {
  const db = database.db;
  const log = app.log;
  // Cache invalidation across processes (decision 021): Redis pub/sub when configured, else in-process.
  const broker = createBroker({
    redisUrl: config.redisUrl,
    channelPrefix: config.brokerChannelPrefix ?? DEFAULT_BROKER_CHANNEL_PREFIX,
    log,
  });
  app.addHook('onClose', async () => broker.close());
  const sites = new SiteService(db, broker);
  await sites.listen();
  const vapid = await loadOrCreateVapidKeys(db);
  const mailer = providers.mail ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log, dkim: config.dkim });
  const limiter = createRateLimiter({ redisUrl: config.redisUrl, db, clock, keyPrefix: config.rateLimitKeyPrefix });
  app.addHook('onClose', async () => {
    await Promise.all([mailer.close(), limiter.close()]);
  });
  const chatImages = providers.chatImageStorage ?? createChatImageStorage({ dataDir: config.dataDir, s3: config.photoS3 });
  const events = new DomainEvents(log);
  // Every job, registered in every process (a 'send-only' one can still send them); buildApp starts them at the end.
  const jobs = new JobQueue({ connection: database.jobQueueConnection, mode: jobMode, log, clock, onJobFinished: metrics.recordJob });
  // Who is online across processes (decision 036): this process's member_presence rows, written by the hub.
  const presence = createPresenceRecorder({
    db,
    clock,
    log,
    heartbeatMs: config.liveLimits?.presenceHeartbeatMs,
    beatChunk: config.liveLimits?.presenceBeatChunk,
  });
  const live = await createLiveHub({ broker, clock, log, registry: metrics.registry, limits: config.liveLimits, presence });
  app.decorate('broker', broker);
  app.decorate('sites', sites);
  app.decorate('events', events);
  app.decorate('jobs', jobs);
  app.decorate('live', live);
  const production = config.mode === 'production';
  return {
    config,
    mode: config.mode,
    db,
    database,
    clock,
    log,
    metrics,
    broker,
    events,
    jobs,
    sites,
    settingsAnswer: settingsAnswers({ countryHeader: config.countryHeader, pushPublicKey: vapid.publicKey }),
    publicOrigin: config.publicOrigin ?? PRODUCTION_PUBLIC_ORIGIN,
    countryHeader: config.countryHeader,
    mailer,
    limiter,
    storage: providers.photoStorage ?? createPhotoStorage({ dataDir: config.dataDir, s3: config.photoS3 }),
    chatImages,
    live,
    activity: activityMarks({ db, clock }),
    vapid,
    push: createPush({ db, clock, jobs, vapid, production, log }),
    providers: {
      payment: providers.payment ?? createPaymentProvider(config.payments ?? { provider: 'sandbox' }, { db, clock }),
      sms: providers.sms ?? createSmsSender({ gateway: config.sms, dataDir: config.dataDir, log }),
    },
    profilesForAccounts,
    profilesForBlocks: profilesForBlocks(db),
    contactSources: new ExistingContactSources(),
    personalData: new PersonalDataRegistry(),
    spendingReminder: (site, memberProfileId, locale) => spendingReminderFor(db, site, memberProfileId, locale),
    chatMessageRemoved: (removed) =>
      afterMessageRemoved({ db, live, log, deleteImageFiles: (keys) => deleteChatImageFiles({ storage: chatImages, log }, keys) }, removed),
  };
}
