/** GET /api/discountcode.php (helper: discounts): placeholder until it lands. */
import type { FastifyPluginAsync } from 'fastify';
import type { DiscountDeps } from './service';

export const discountRoutes: FastifyPluginAsync<{ deps: DiscountDeps }> = async () => {};
