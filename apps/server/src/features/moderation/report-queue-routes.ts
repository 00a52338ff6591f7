/**
 * The report queue and the appeal queue of the back office (issue 13): permission 'reports.decide'
 * for reports, 'appeals.decide' for appeals. Registers the moderation notice jobs (notices.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import {
  ZAppealDecisionAnswer,
  ZAppealDecisionRequest,
  ZAppealQueue,
  ZReportDecisionAnswer,
  ZReportDecisionRequest,
  ZReportQueue,
  ZReportQueueItem,
  ZReportQueueQuery,
} from '@cupido/shared/contracts/moderation';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import type { BackOfficeDeps } from '../../back-office-deps';
import { AppError } from '../../errors';
import { imageOfMessage } from '../chats/reported-images';
import { CHAT_IMAGE_SIZE_NAMES, messageNotFound } from '../chats/image-messages';
import { openReports, reportById } from '../reports/queue';
import { listSites } from '../sites/admin-service';
import { decideAppeal, openAppeals } from './appeals';
import { registerNoticeJobs } from './notices';
import { decideReport } from './report-decisions';
import { REPORT_QUEUE_PAGE, toQueueItems } from './report-queue';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZImageQuery = z.looseObject({ size: z.enum(CHAT_IMAGE_SIZE_NAMES).default('full') });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

export const reportQueueRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  registerNoticeJobs(deps);
  const siteChoices = async () => (await listSites(deps.db)).map((site) => ({ id: site.id, name: site.name }));

  app.get(
    `${ADMIN_API_PREFIX}/reports`,
    {
      config: { staffAccess: 'reports.decide' },
      schema: {
        tags: ['back office'],
        summary: 'Open reports, oldest first, with the exact item',
        querystring: ZReportQueueQuery,
        response: { 200: ZReportQueue, ...errors },
      },
    },
    async (request) => {
      const [rows, sites] = await Promise.all([
        openReports(deps.db, { siteId: request.query.site_id, limit: REPORT_QUEUE_PAGE }),
        siteChoices(),
      ]);
      return { reports: await toQueueItems(deps, rows), sites };
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/reports/:id`,
    {
      config: { staffAccess: 'reports.decide' },
      schema: {
        tags: ['back office'],
        summary: 'One report (open or decided)',
        params: ZIdParams,
        response: { 200: ZReportQueueItem, ...errors },
      },
    },
    async (request) => {
      const row = await reportById(deps.db, request.params.id);
      if (!row) throw new AppError(404, 'report_not_found', 'staff.reports.errors.report_not_found');
      const [item] = await toQueueItems(deps, [row]);
      return item!;
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/reports/:id/image`,
    {
      config: { staffAccess: 'reports.decide' },
      schema: {
        tags: ['back office'],
        summary: 'The picture of a reported image message (JPEG), for the moderator deciding the report',
        description:
          'Only while the reported message is a stored image message; anything else is 404 message_not_found. Never cached by a shared cache.',
        params: ZIdParams,
        querystring: ZImageQuery,
        response: {
          200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const row = await reportById(deps.db, request.params.id);
      if (!row) throw new AppError(404, 'report_not_found', 'staff.reports.errors.report_not_found');
      const data =
        row.messageId === null
          ? null
          : await imageOfMessage({ db: deps.db, chatImages: deps.chatImages }, row.messageId, request.query.size);
      if (!data) throw messageNotFound();
      // A Buffer is sent as it is (no serializer); the documented schema says "binary string".
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .send(data as unknown as string);
    },
  );

  app.post(
    `${ADMIN_API_PREFIX}/reports/:id/decision`,
    {
      config: { staffAccess: 'reports.decide' },
      schema: {
        tags: ['back office'],
        summary: 'Decide a report: dismiss, remove the content, warn, suspend or end the account; closes every open report on the item',
        params: ZIdParams,
        body: ZReportDecisionRequest,
        response: { 200: ZReportDecisionAnswer, ...errors },
      },
    },
    async (request) => {
      const result = await decideReport(deps, request.requireStaff(), request.params.id, request.body);
      return { decision_id: result.decisionId, closed_report_ids: result.closedReportIds };
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/appeals`,
    {
      config: { staffAccess: 'appeals.decide' },
      schema: {
        tags: ['back office'],
        summary: 'Open appeals, oldest first, with their decision',
        querystring: ZReportQueueQuery,
        response: { 200: ZAppealQueue, ...errors },
      },
    },
    async (request) => {
      const [appeals, sites] = await Promise.all([openAppeals(deps, request.requireStaff(), request.query.site_id), siteChoices()]);
      return { appeals, sites };
    },
  );

  app.post(
    `${ADMIN_API_PREFIX}/appeals/:id/decision`,
    {
      config: { staffAccess: 'appeals.decide' },
      schema: {
        tags: ['back office'],
        summary: 'Decide an appeal (never by the staff member who took the decision); reversed lifts a suspension',
        params: ZIdParams,
        body: ZAppealDecisionRequest,
        response: { 200: ZAppealDecisionAnswer, ...errors },
      },
    },
    async (request) => {
      await decideAppeal(deps, request.requireStaff(), request.params.id, request.body);
      return { appeal_id: request.params.id, status: request.body.outcome };
    },
  );
};
