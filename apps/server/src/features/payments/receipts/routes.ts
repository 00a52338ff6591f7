/**
 * GET /api/orders.php: the member's paid orders with their receipts, newest first (ZOrdersAnswer),
 * and the receipt outbox's job.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZOrdersAnswer } from '@cupido/shared/contracts/payments';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';
import { memberOrders } from './orders';
import { receiptJob } from './outbox';

export const orderRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  app.get(
    '/api/orders.php',
    {
      schema: {
        tags: ['payments'],
        summary: "The member's paid orders, newest first, with what a receipt shows: invoice number, VAT, withdrawal consent, seller",
        response: { 200: ZOrdersAnswer, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      return { orders: await memberOrders(deps, member.id) };
    },
  );
};

export function receiptJobs(deps: PaymentDeps): JobDefinition<Record<string, never>>[] {
  return [receiptJob(deps)];
}
