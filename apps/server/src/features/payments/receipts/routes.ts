/** Orders and receipts (helper: receipts): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';

export const orderRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async () => {};

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function receiptJobs(deps: PaymentDeps): JobDefinition<Record<string, never>>[] {
  return [];
}
