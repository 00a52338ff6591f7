/**
 * The back office's server side (issue 13, decision 031): the calls under ADMIN_API_PREFIX that
 * staff use, and the member calls that answer them (statements of reasons, appeals). buildApp
 * registers the staff session check first (plugins/staff-session.ts: every route here declares
 * who may call it), then these features, each in its own folder.
 */
import type { FastifyInstance } from 'fastify';
import type { BackOfficeDeps } from './back-office-deps';
import { staffRoutes } from './features/staff/routes';
import { photoQueueRoutes } from './features/moderation/photo-queue-routes';
import { reportQueueRoutes } from './features/moderation/report-queue-routes';
import { complaintQueueRoutes } from './features/complaints/admin-routes';
import { memberDecisionRoutes } from './features/moderation/member-routes';
import { membersDeskRoutes } from './features/members-desk/routes';
import { siteAdminRoutes } from './features/sites/admin-routes';
import { fictionalProfileRoutes } from './features/fictional-profiles/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { trafficFigureRoutes } from './features/traffic/admin-routes';
import { auditRoutes } from './features/audit/routes';
import { operatorConsoleRoutes } from './features/operator-console/routes';
import { promoTileAdminRoutes } from './features/promotions/admin-routes';
import { partnerRedirectAdminRoutes } from './features/partner-redirects/admin-routes';

export async function registerBackOffice(app: FastifyInstance, deps: BackOfficeDeps): Promise<void> {
  await app.register(staffRoutes, { deps });
  await app.register(photoQueueRoutes, { deps });
  await app.register(reportQueueRoutes, { deps });
  await app.register(complaintQueueRoutes, { deps });
  await app.register(memberDecisionRoutes, { deps });
  await app.register(membersDeskRoutes, { deps });
  await app.register(siteAdminRoutes, { deps });
  await app.register(fictionalProfileRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(trafficFigureRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(operatorConsoleRoutes, { deps });
  await app.register(promoTileAdminRoutes, { deps });
  await app.register(partnerRedirectAdminRoutes, { deps });
}
