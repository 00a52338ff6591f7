/** Provider webhooks (helper: payments core): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';

export const paymentWebhookRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async () => {};

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function webhookJobs(deps: PaymentDeps): JobDefinition<Record<string, never>>[] {
  return [];
}
