/** What the campaigns feature needs from the app (its module.ts builds it from the app's context; decision 043). */
import type { Database } from '../../db/open';
import type { Clock } from '../../infra/clock';
import type { JobQueue } from '../../infra/jobs';
import type { Mailer } from '../../infra/mailer';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { PushPort } from '../push/delivery';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { SiteService } from '../sites/service';

export interface CampaignDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The members' browsers: members who opted in by push get the campaign there too (decision 044). */
  push: PushPort;
  jobs: JobQueue;
  sites: SiteService;
  publicOrigin: PublicOriginConfig;
  /** The per-site throttle's counters, shared by every process. */
  limiter: RateLimiter;
  /** CAMPAIGN_MAILS_PER_MINUTE: at most this many campaign mails a minute per site, across processes. */
  mailsPerMinute: number;
}
