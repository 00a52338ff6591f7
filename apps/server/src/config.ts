import path from 'node:path';
import { z } from 'zod';
import { s3PhotoStorageOptionsFromEnv, type S3PhotoStorageOptions } from './infra/photo-storage';
import { parseTrustProxy, type TrustProxy } from './infra/trust-proxy';
import type { PublicOriginConfig } from './features/sites/public-origin';
import { runModeOf } from './run-mode';

/**
 * Every environment variable the server reads, parsed once at start. docs/configuration.md lists them.
 * Empty strings count as unset so `FOO= npm start` behaves like leaving FOO out.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const ZEnv = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** Prefix of this deployment's keys in Redis, so several deployments (or test runs) can share one. */
  REDIS_KEY_PREFIX: z.preprocess(emptyAsUndefined, z.string().max(100).default('cupido:rl:')),
  /** Prefix of this deployment's pub/sub channels in Redis (cache drops, live frames), for the same reason. */
  REDIS_CHANNEL_PREFIX: z.preprocess(emptyAsUndefined, z.string().max(100).default('cupido:')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /** Header set by a trusted proxy with the visitor's country, e.g. cf-ipcountry. */
  COUNTRY_HEADER: z.preprocess(emptyAsUndefined, z.string().toLowerCase().optional()),
  /** 0, the number of proxy hops in front of the server, or their addresses/CIDRs (infra/trust-proxy.ts). */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('0')).transform((value, ctx) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** Scheme and port of every site's own origin (mail links, Origin check); the host is the site's domain. */
  PUBLIC_SCHEME: z.preprocess(emptyAsUndefined, z.enum(['http', 'https']).optional()),
  PUBLIC_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /** Default: 1 on a demo, 0 in production, where 1 is refused (decision 035). */
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
  /** 1: production even on a loopback address, for a proxy on the same machine (run-mode.ts). */
  PRODUCTION: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('0')),
  /** 1: a staging site may use the sandbox provider in production; every page then shows a TEST banner. */
  PAYMENT_SANDBOX: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('0')),
  /** Browser tests and demos only (the demo seed reads it); refused in production. */
  DEMO_STAFF_TOTP_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** 0: this process only serves requests (and may send jobs); 1 (default): it also runs jobs and schedules. */
  WORKER: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('1')),
  /** When set, GET /metrics answers requests carrying `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Who takes payments (decision 032): the built-in sandbox with its test checkout page (default), or PAY. (pay.nl). */
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'paynl']).default('sandbox')),
  /** PAY.'s REST API (the order API's base URL; a local fake in tests), its token code (AT-...), API token and service id (SL-...). */
  PAYNL_API_URL: z.preprocess(emptyAsUndefined, z.string().url().default('https://connect.pay.nl')),
  PAYNL_TOKEN_CODE: z.preprocess(emptyAsUndefined, z.string().optional()),
  PAYNL_API_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  PAYNL_SERVICE_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** SMS for the direct debit code: unset, messages are only logged (and kept under DATA_DIR/sms); set, sent through the gateway (infra/sms.ts). */
  SMS_GATEWAY_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  SMS_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMS_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMS_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** DKIM signing of every mail for its site's domain (infra/mailer.ts): the selector and the PEM private key (its \n may be written as \\n). */
  /** How long a message waits before its notification mail (issue 30): read meanwhile, no mail. */
  NOTIFICATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Promotions and news (decision 043): at most this many campaign mails a minute per site, across processes. */
  CAMPAIGN_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  DKIM_SELECTOR: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]*$/i)
      .optional(),
  ),
  DKIM_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Mailgun's HTTP webhook signing key: bounces and spam complaints arrive at POST /api/mail-events/mailgun (decision 039). */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
});

export interface Config {
  /** Demo (loopback address) or production (anything else, or PRODUCTION=1): run-mode.ts, decision 035. */
  mode: 'demo' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  rateLimitKeyPrefix: string;
  brokerChannelPrefix: string;
  smtpUrl: string | undefined;
  countryHeader: string | undefined;
  trustProxy: TrustProxy;
  /** How links to a site are built: `<scheme>://<site domain>[:<port>]` (features/sites/public-origin.ts). */
  publicOrigin: PublicOriginConfig;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  seedDemo: boolean;
  /** SEED_DEMO=1 written out, not the demo's default: refused in production. */
  seedDemoRequested: boolean;
  /** DEMO_STAFF_TOTP_SECRET is set: a known second factor for the demo admin, refused in production. */
  demoStaffTotpSecretSet: boolean;
  /** PAYMENT_SANDBOX=1: the sandbox provider is allowed in production (a staging site with a TEST banner). */
  paymentSandboxAllowed: boolean;
  webDistDir: string;
  /** S3-compatible photo storage (PHOTO_S3_*); undefined stores photos under DATA_DIR/photos. */
  photoS3: S3PhotoStorageOptions | undefined;
  /** Whether this process runs jobs (WORKER=1) or only serves requests. */
  worker: boolean;
  metricsToken: string | undefined;
  /** The payment provider and its credentials (features/payments/providers). */
  payments: PaymentsConfig;
  /** The SMS gateway; undefined logs messages instead (infra/sms.ts). */
  sms: SmsGatewayConfig | undefined;
  /** NOTIFICATION_MAIL_DELAY_SECONDS: a message's mail waits this long, so one read meanwhile sends none. */
  notificationMailDelaySeconds: number;
  /** CAMPAIGN_MAILS_PER_MINUTE: the per-site throttle of promotions and news. */
  campaignMailsPerMinute: number;
  /** DKIM_SELECTOR and DKIM_PRIVATE_KEY: mails are signed for their site's domain; undefined: unsigned. */
  dkim: { selector: string; privateKey: string } | undefined;
  /** MAILGUN_WEBHOOK_SIGNING_KEY: Mailgun's bounce and complaint events are accepted; undefined: the route answers 404. */
  mailgunWebhookSigningKey: string | undefined;
}

export interface PaymentsConfig {
  provider: 'sandbox' | 'paynl';
  paynl?: { apiUrl: string; tokenCode: string; apiToken: string; serviceId: string };
}

export interface SmsGatewayConfig {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * https and the standard port, unless set. A demo on a laptop (no SMTP_URL, loopback HOST: the
 * mails only land in DATA_DIR/mail and /dev/mailbox) links to http://<domain>:PORT instead, so
 * its links open on this server.
 */
function publicOriginOf(e: z.infer<typeof ZEnv>, mode: Config['mode']): PublicOriginConfig {
  const demo = mode === 'demo' && !e.SMTP_URL;
  return {
    scheme: e.PUBLIC_SCHEME ?? (demo ? 'http' : 'https'),
    port: e.PUBLIC_PORT ?? (demo && !e.PUBLIC_SCHEME ? e.PORT : undefined),
  };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`Invalid environment: ${name} is required with this configuration`);
  return value;
}

function paymentsConfigOf(e: z.infer<typeof ZEnv>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  return {
    provider: 'paynl',
    paynl: {
      apiUrl: e.PAYNL_API_URL,
      tokenCode: required(e.PAYNL_TOKEN_CODE, 'PAYNL_TOKEN_CODE'),
      apiToken: required(e.PAYNL_API_TOKEN, 'PAYNL_API_TOKEN'),
      serviceId: required(e.PAYNL_SERVICE_ID, 'PAYNL_SERVICE_ID'),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const mode = runModeOf({ host: e.HOST, forceProduction: e.PRODUCTION === '1' });
  return {
    mode,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    rateLimitKeyPrefix: e.REDIS_KEY_PREFIX,
    brokerChannelPrefix: e.REDIS_CHANNEL_PREFIX,
    smtpUrl: e.SMTP_URL,
    countryHeader: e.COUNTRY_HEADER,
    trustProxy: e.TRUST_PROXY,
    publicOrigin: publicOriginOf(e, mode),
    logLevel: e.LOG_LEVEL,
    seedDemo: (e.SEED_DEMO ?? (mode === 'demo' ? '1' : '0')) === '1',
    seedDemoRequested: e.SEED_DEMO === '1',
    demoStaffTotpSecretSet: e.DEMO_STAFF_TOTP_SECRET !== undefined,
    paymentSandboxAllowed: e.PAYMENT_SANDBOX === '1',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    photoS3: s3PhotoStorageOptionsFromEnv(env),
    worker: e.WORKER === '1',
    metricsToken: e.METRICS_TOKEN,
    payments: paymentsConfigOf(e),
    sms: e.SMS_GATEWAY_URL
      ? {
          url: e.SMS_GATEWAY_URL,
          accountSid: required(e.SMS_ACCOUNT_SID, 'SMS_ACCOUNT_SID'),
          authToken: required(e.SMS_AUTH_TOKEN, 'SMS_AUTH_TOKEN'),
          from: required(e.SMS_FROM, 'SMS_FROM'),
        }
      : undefined,
    notificationMailDelaySeconds: e.NOTIFICATION_MAIL_DELAY_SECONDS,
    campaignMailsPerMinute: e.CAMPAIGN_MAILS_PER_MINUTE,
    dkim: e.DKIM_SELECTOR
      ? { selector: e.DKIM_SELECTOR, privateKey: required(e.DKIM_PRIVATE_KEY, 'DKIM_PRIVATE_KEY').replace(/\\n/g, '\n') }
      : undefined,
    mailgunWebhookSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
  };
}
