/**
 * POST and DELETE /api/block.php {profile_id}: block and unblock a profile (idempotent);
 * GET /api/blocks.php: the member's own block list, for the settings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZBlockList } from '@cupido/shared/contracts/blocks';
import { ZBlockAnswer, ZBlockRequest } from '@cupido/shared/contracts/profiles';
import { photoUrl } from '../../infra/photo-storage';
import { blockProfile, listBlocks, unblockProfile, type BlockDeps } from './service';

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

  app.get(
    '/api/blocks.php',
    { schema: { tags, summary: 'The profiles this member blocked, newest first', response: { 200: ZBlockList, 403: ZApiError } } },
    async (request) => {
      const member = await request.requireMember();
      const rows = await listBlocks(deps, { userId: member.id, siteId: request.site.id });
      return {
        blocks: rows.map((row) => ({
          profile_id: row.profileId,
          name: row.name,
          main_image: row.thumbFilename ? photoUrl(row.thumbFilename, request.site.cdnPrefix) : null,
          blocked_at: row.blockedAt.toISOString(),
        })),
      };
    },
  );
};
