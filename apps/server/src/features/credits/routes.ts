/** GET /api/credits-history.php: the logged-in member's credit ledger, newest first, paged. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZCreditHistoryAnswer, ZCreditHistoryQuery } from '@cupido/shared/contracts/credits';
import type { Database } from '../../db/open';
import { creditHistoryPage } from './service';

export const creditRoutes: FastifyPluginAsyncZod<{ deps: { db: Database } }> = async (app, { deps }) => {
  app.get(
    '/api/credits-history.php',
    {
      schema: {
        tags: ['credits'],
        summary: "The member's credit history (date, kind, amount, balance after), newest first, paged by entry id",
        querystring: ZCreditHistoryQuery,
        response: { 200: ZCreditHistoryAnswer, 400: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      return creditHistoryPage(deps.db, member.id, { before: request.query.before, limit: request.query.limit });
    },
  );
};
