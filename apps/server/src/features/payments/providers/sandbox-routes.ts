/** Sandbox test checkout page (helper: payments core): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentDeps } from '../deps';

export const sandboxCheckoutRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async () => {};
