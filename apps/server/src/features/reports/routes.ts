/** POST /api/report.php: a member reports a profile or one of its photos (trust.md, DSA). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZReportAnswer, ZReportRequest } from '@cupido/shared/contracts/reports';
import { translate } from '../../i18n/translate';
import { fileReport, type ReportDeps } from './service';

export const reportRoutes: FastifyPluginAsyncZod<{ deps: ReportDeps }> = async (app, { deps }) => {
  app.post(
    '/api/report.php',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a profile or one of its photos for moderation; one open report per member and profile',
        body: ZReportRequest,
        response: { 200: ZReportAnswer, 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const body = request.body;
      const reportId = await fileReport(
        deps,
        { userId: member.id, profileId: member.profileId, siteId: request.site.id },
        { profileId: body.profile_id, photoId: body.photo_id, reason: body.reason, text: body.text, goodFaith: body.good_faith },
      );
      return { report_id: reportId, status: 'open' as const, message: translate(request.locale, 'reports.received') };
    },
  );
};
