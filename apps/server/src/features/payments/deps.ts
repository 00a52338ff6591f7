/** What the payments feature needs (issue 14): its module.ts builds it from the app's context, with the providers. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { DomainEvents } from '../../infra/domain-events';
import type { Mailer } from '../../infra/mailer';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { JobQueue } from '../../infra/jobs';
import type { SmsSender } from '../../infra/sms';
import type { SiteService } from '../sites/service';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { PaymentProvider } from './providers/port';

export interface PaymentDeps {
  db: Database;
  clock: Clock;
  events: DomainEvents;
  mailer: Mailer;
  limiter: RateLimiter;
  sites: SiteService;
  jobs: JobQueue;
  publicOrigin: PublicOriginConfig;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  sms: SmsSender;
  /** The header a trusted proxy sets with the visitor's country (COUNTRY_HEADER): a visitor's prices are their country's. */
  countryHeader?: string;
}
