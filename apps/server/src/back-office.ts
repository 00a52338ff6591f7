/**
 * The back office's server side (issue 13, decision 031): the calls under ADMIN_API_PREFIX that
 * staff use, and the member calls that answer them (statements of reasons, appeals). buildApp
 * registers the staff session check first (plugins/staff-session.ts: every route here declares
 * who may call it), then these features, each in its own folder.
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
import { staffRoutes } from './features/staff/routes';
import { photoQueueRoutes } from './features/moderation/photo-queue-routes';
import { reportQueueRoutes } from './features/moderation/report-queue-routes';
import { memberDecisionRoutes } from './features/moderation/member-routes';
import { membersDeskRoutes } from './features/members-desk/routes';
import { siteAdminRoutes } from './features/sites/admin-routes';
import { fictionalProfileRoutes } from './features/fictional-profiles/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { auditRoutes } from './features/audit/routes';
import { operatorConsoleRoutes } from './features/operator-console/routes';
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
  jobs: JobQueue;
  publicOrigin: PublicOriginConfig;
  log: FastifyInstance['log'];
  /** Frames to members' open tabs (an operator's answer reaches the member at once). */
  live: LiveHub;
  /** Drops a member's cached sessions in every process (after a suspension or an ended account). */
  forgetMemberSessions(userId: number): void;
  /** After the commit of a decision that removed a chat message: its image files go and both members' open apps drop it (chats' afterMessageRemoved). */
  chatMessageRemoved(removed: RemovedMessage): Promise<void>;
}

export async function registerBackOffice(app: FastifyInstance, deps: BackOfficeDeps): Promise<void> {
  await app.register(staffRoutes, { deps });
  await app.register(photoQueueRoutes, { deps });
  await app.register(reportQueueRoutes, { deps });
  await app.register(memberDecisionRoutes, { deps });
  await app.register(membersDeskRoutes, { deps });
  await app.register(siteAdminRoutes, { deps });
  await app.register(fictionalProfileRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(operatorConsoleRoutes, { deps });
}
