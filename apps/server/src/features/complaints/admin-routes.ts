/**
 * Complaints in the back office's reports queue (issue 31), permission 'reports.decide': the open
 * complaints, oldest first, and marking one answered with a note.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import {
  ZComplaintAnsweredAnswer,
  ZComplaintAnsweredRequest,
  ZComplaintQueue,
  ZComplaintQueueQuery,
} from '@cupido/shared/contracts/complaints';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import type { BackOfficeDeps } from '../../back-office-deps';
import { listSites } from '../sites/admin-service';
import { markComplaintAnswered, openComplaints } from './queue';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

export const complaintQueueRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  app.get(
    `${ADMIN_API_PREFIX}/complaints`,
    {
      config: { staffAccess: 'reports.decide' },
      schema: {
        tags: ['back office'],
        summary: 'Open complaints, oldest first',
        querystring: ZComplaintQueueQuery,
        response: { 200: ZComplaintQueue, ...errors },
      },
    },
    async (request) => {
      const [complaints, sites] = await Promise.all([openComplaints(deps.db, { siteId: request.query.site_id }), listSites(deps.db)]);
      return { complaints, sites: sites.map((site) => ({ id: site.id, name: site.name })) };
    },
  );

  app.post(
    `${ADMIN_API_PREFIX}/complaints/:id/answered`,
    {
      config: { staffAccess: 'reports.decide' },
      schema: {
        tags: ['back office'],
        summary: 'Mark a complaint answered, with how it was answered (in the audit log too)',
        params: ZIdParams,
        body: ZComplaintAnsweredRequest,
        response: { 200: ZComplaintAnsweredAnswer, ...errors },
      },
    },
    async (request) => {
      await markComplaintAnswered(deps, request.requireStaff().id, request.params.id, request.body);
      return { id: request.params.id, status: 'answered' as const };
    },
  );
};
