/** POST and DELETE /api/block.php {profile_id}: block and unblock a profile (idempotent). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts';
import { ZBlockAnswer, ZBlockRequest } from '@cupido/shared/profiles';
import { blockProfile, unblockProfile, type BlockDeps } from './service';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };

export const blockRoutes: FastifyPluginAsyncZod<{ deps: BlockDeps }> = async (app, { deps }) => {
  const tags = ['blocks'];

  app.post(
    '/api/block.php',
    {
      schema: {
        tags,
        summary: 'Block a profile: removes chats and likes between the two; the blocked member can no longer see the profile',
        body: ZBlockRequest,
        response: { 200: ZBlockAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await blockProfile(deps, { userId: member.id, profileId: member.profileId, siteId: request.site.id }, request.body.profile_id);
      return { profile_id: request.body.profile_id, is_blocked: true };
    },
  );

  app.delete(
    '/api/block.php',
    { schema: { tags, summary: 'Unblock a profile', body: ZBlockRequest, response: { 200: ZBlockAnswer, ...errors } } },
    async (request) => {
      const member = await request.requireMember();
      await unblockProfile(deps, { userId: member.id, profileId: member.profileId, siteId: request.site.id }, request.body.profile_id);
      return { profile_id: request.body.profile_id, is_blocked: false };
    },
  );
};
