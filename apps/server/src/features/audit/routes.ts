/** Back-office calls of this feature (issue 13): written by its owner, registered by back-office.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackOfficeDeps } from '../../back-office';

export const auditRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async () => {};
