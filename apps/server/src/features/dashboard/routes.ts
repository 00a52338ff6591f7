/**
 * The dashboard (issue 13, 'dashboard.view'): GET /admin/api/dashboard?site_id=&from=&to=, the
 * figures per day of a period (the last 30 days by default, at most 366) and the queues now.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { ZDashboardAnswer, ZDashboardQuery } from '@cupido/shared/contracts/dashboard';
import type { BackOfficeDeps } from '../../back-office-deps';
import { dashboardFigures } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  app.get(
    `${ADMIN_API_PREFIX}/dashboard`,
    {
      config: { staffAccess: 'dashboard.view' },
      schema: {
        tags: ['back office: dashboard'],
        summary: 'Signups, activations, active members, likes, messages and credits spent per UTC day; queue sizes and ages',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardAnswer, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => dashboardFigures(deps.db, request.query, deps.clock()),
  );
};
