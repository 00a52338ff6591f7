/** POST /api/directdebit.php (issue 14): direct debit with an SMS code, members only (service.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDirectDebitAnswer, ZDirectDebitForm } from '@cupido/shared/contracts/direct-debit';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';
import { handleDirectDebitEvents, purgeJob } from './requests';
import { directDebit } from './service';

export const directDebitRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  // Registered once with the routes (as chats does with its live frames): erasure deletes the requests.
  handleDirectDebitEvents(deps.events);
  app.post(
    '/api/directdebit.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Direct debit for a package. Without otp: checks the form (IBAN, phone, package, direct debit block, 30-day limit) and sends a code by SMS (code_sent; again with resend, at most every 30 s). With otp: the code confirms the authorization and the payment starts (payment_id, redirect_url). 422 iban_invalid / phone_invalid / code_invalid / direct_debit_limit, 403 direct_debit_blocked, 429 too_many_requests',
        body: ZDirectDebitForm,
        response: {
          200: ZDirectDebitAnswer,
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          410: ZApiError,
          422: ZApiError,
          429: ZApiError,
          502: ZApiError,
        },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      return directDebit(
        deps,
        request.site,
        {
          userId: member.id,
          email: member.email,
          language: member.language,
          activatedAt: member.activatedAt,
          paidUser: member.paidUser,
          ipAddress: request.ip,
        },
        request.body,
      );
    },
  );
};

export function directDebitJobs(deps: PaymentDeps): JobDefinition<Record<string, never>>[] {
  return [purgeJob(deps)];
}
