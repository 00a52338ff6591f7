/** POST /api/complaint.php: a visitor or a member files a complaint and gets its reference (issue 31). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZComplaintAnswer, ZComplaintRequest } from '@cupido/shared/contracts/complaints';
import { translate } from '../../i18n/translate';
import { fileComplaint, type ComplaintDeps } from './service';

export const complaintRoutes: FastifyPluginAsyncZod<{ deps: ComplaintDeps }> = async (app, { deps }) => {
  app.post(
    '/api/complaint.php',
    {
      schema: {
        tags: ['complaints'],
        summary: 'File a complaint (visitors and members); answers its reference number',
        description: `A member may leave email empty: the answer goes to the account's address. At most 5 complaints per hour from one address (429 too_many_complaints).`,
        body: ZComplaintRequest,
        response: { 200: ZComplaintAnswer, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request) => {
      const member = await request.member();
      const { reference } = await fileComplaint(
        deps,
        {
          siteId: request.site.id,
          locale: request.locale,
          ip: request.ip,
          member: member ? { userId: member.id, email: member.email } : null,
        },
        request.body,
      );
      return { reference, message: translate(request.locale, 'complaints.received', { reference }) };
    },
  );
};
