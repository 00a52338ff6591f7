/** Member shop calls (helper: payments core): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentDeps } from './deps';

export const paymentRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async () => {};
