/**
 * What buildApp hands every feature (issue 33, decision 068): the app's one typed context. Types
 * only; build-context.ts builds it. No feature imports this file: each feature's module.ts
 * declares what it needs (infra/feature-module.ts), and app.ts's list proves the context has it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/open';
import type { Clock } from './infra/clock';
import type { DomainEvents } from './infra/domain-events';
import type { Broker } from './infra/broker';
import type { JobDefinition, JobMode, JobQueue } from './infra/jobs';
import type { Mailer } from './infra/mailer';
import type { RateLimiter } from './infra/rate-limiter';
import type { PhotoStorage } from './infra/photo-storage';
import type { SmsSender } from './infra/sms';
import type { AppMetrics } from './plugins/metrics';
import type { RunMode } from './run-mode';
import type { SiteService } from './features/sites/service';
import type { SettingsAnswers } from './features/sites/settings-answer';
import type { PublicOriginConfig } from './features/sites/public-origin';
import type { LiveHubServer, LiveLimits } from './features/live/hub';
import type { ActivityMarks } from './features/profiles/activity-port';
import type { ExistingContactSources } from './features/profiles/contact';
import type { ProfilePort } from './features/accounts/profile-port';
import type { ProfilesForBlocks } from './features/blocks/service';
import type { RemovedMessage } from './features/chats/moderation-removal';
import type { SpendingReminderSource } from './features/chats/context';
import type { PushPort, PushDeliveryJob } from './features/push/delivery';
import type { VapidKeys } from './features/push/vapid-keys';
import type { PaymentProvider } from './features/payments/providers/port';
import type { PersonalDataRegistry } from './features/personal-data/registry';

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

/** The settings buildApp reads (config.ts; tests give their own). */
export type AppConfig = Pick<Config, 'countryHeader' | 'trustProxy' | 'logLevel' | 'webDistDir' | 'dataDir' | 'smtpUrl' | 'redisUrl'> &
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

/** Outside parties the app talks to: slots a test fills with its own (issue 33: no module mocks). */
export interface AppProviders {
  /** The payment provider (payments/providers): the sandbox unless PAYMENT_PROVIDER says otherwise. */
  payment: PaymentProvider;
  /** Text messages (infra/sms.ts): the gateway, or files in the data directory. */
  sms: SmsSender;
}

export interface AppDeps {
  config: AppConfig;
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
  /** A test's own providers and I/O (a payment provider that answers as the test says, a mailer that records); absent ones are built from config. */
  providers?: Partial<AppSlots>;
}

/**
 * What buildApp takes from its caller instead of building it from the configuration: the outside
 * parties (AppProviders), outgoing mail and the two file stores. The clock is `AppDeps.clock`.
 */
export interface AppSlots extends AppProviders {
  /** Outgoing mail: SMTP_URL's server, or .eml files in the data directory (the dev mailbox). */
  mail: Mailer;
  /** Member photos: the data directory, or S3 with PHOTO_S3_*. */
  photoStorage: PhotoStorage;
  /** Chat images (chats' own store, beside the photos). */
  chatImageStorage: PhotoStorage;
}

/**
 * Everything a feature may be handed, built once per app by build-context.ts. A feature's routes
 * take the part they need (a `Pick` of this), never a copy of it.
 */
export interface AppContext {
  config: AppConfig;
  mode: RunMode;
  db: Database;
  /** The database handle's job queue connection and pool figures (build-context only). */
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  metrics: AppMetrics;
  /** Messages to every server process (decision 021): cache invalidation, chat fan-out. */
  broker: Broker;
  /** Domain events (decision 021): each feature registers what it does on others' facts. */
  events: DomainEvents;
  jobs: JobQueue;
  sites: SiteService;
  /** settings.php's answers, also put in the web shell (issue 29). */
  settingsAnswer: SettingsAnswers;
  /** Links and the Origin check use the site's configured origin, never the request's (decision 022). */
  publicOrigin: PublicOriginConfig;
  /** The header a trusted proxy sets with the visitor's country (COUNTRY_HEADER). */
  countryHeader: string | undefined;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Member photos: S3 when configured, else the data directory. */
  storage: PhotoStorage;
  /** Chat images: the same adapter, in a place nothing serves publicly (only GET /api/chat-image.php, to the two members). */
  chatImages: PhotoStorage;
  /** The live channel (decision 028): frames to members' open apps, after each commit. */
  live: LiveHubServer;
  /** "Online now" / "active today" on every list of profiles (issue 28). */
  activity: ActivityMarks;
  /** Web push (decision 040): browsers' subscriptions, one delivery job per browser. */
  vapid: VapidKeys;
  push: PushPort & { deliveryJob: JobDefinition<PushDeliveryJob> };
  providers: AppProviders;
  /** The part of a profile accounts and blocks read (decision 021: they cannot import profiles). */
  profilesForAccounts: ProfilePort;
  profilesForBlocks: ProfilesForBlocks;
  /** Who stays reachable when a partner turned invisible (profiles/contact.ts): likes and chats add theirs in `contribute`. */
  contactSources: ExistingContactSources;
  /** The features' parts of "Download my data", added by their modules' `contribute`. */
  personalData: PersonalDataRegistry;
  /** The operator console's spending reminder, lent to chats, which sits below it (issue 15). */
  spendingReminder: SpendingReminderSource;
  /** After the commit of a decision that removed a chat message: its image files go and both members' open apps drop it. */
  chatMessageRemoved(removed: RemovedMessage): Promise<void>;
}
