/**
 * What the back office's features need from the app: their modules' `Needs` (decision 068). The
 * app's context (app-context.ts) has every field, so app.ts hands it to them as it is.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/open';
import type { Clock } from './infra/clock';
import type { DomainEvents } from './infra/domain-events';
import type { Mailer } from './infra/mailer';
import type { RateLimiter } from './infra/rate-limiter';
import type { PhotoStorage } from './infra/photo-storage';
import type { JobQueue } from './infra/jobs';
import type { SiteService } from './features/sites/service';
import type { RemovedMessage } from './features/chats/moderation-removal';
import type { PublicOriginConfig } from './features/sites/public-origin';
import type { LiveHub } from './features/live/live-hub';

export interface BackOfficeDeps {
  db: Database;
  clock: Clock;
  events: DomainEvents;
  mailer: Mailer;
  limiter: RateLimiter;
  sites: SiteService;
  /** Member photos (the same storage as the upload routes). */
  storage: PhotoStorage;
  /** Chat images (chats' own storage): the operator answering sees a member's image message (issue 29). */
  chatImages: PhotoStorage;
  jobs: JobQueue;
  publicOrigin: PublicOriginConfig;
  log: FastifyInstance['log'];
  /** Frames to members' open tabs (an operator's answer reaches the member at once). */
  live: LiveHub;
  /** After the commit of a decision that removed a chat message: its image files go and both members' open apps drop it (chats' afterMessageRemoved). */
  chatMessageRemoved(removed: RemovedMessage): Promise<void>;
}
