/**
 * The operator console's calls (issue 15, 'conversations.answer'): see packages/shared/src/operator-console.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackOfficeDeps } from '../../back-office';

export const operatorConsoleRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  void app;
  void deps;
};
