/** Direct debit with SMS code (helper: direct debit): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../../../infra/jobs';
import type { PaymentDeps } from '../deps';

export const directDebitRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async () => {};

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function directDebitJobs(deps: PaymentDeps): JobDefinition<Record<string, never>>[] {
  return [];
}
