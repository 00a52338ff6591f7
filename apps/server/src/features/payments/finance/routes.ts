/** Finance back office (helper: finance): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentDeps } from '../deps';

export const financeRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async () => {};
