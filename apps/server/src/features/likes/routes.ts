/**
 * The likes calls (spec sections 3, 7 and 9; issue 11): like and unlike, the member's likes and
 * their new-like flags, the likes grids and the swipe game's pass. Members only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkAnswer } from '@cupido/shared/contracts/accounts';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import {
  ZLikeAnswer,
  ZLikeRequest,
  ZLikeSeenRequest,
  ZLikesAnswer,
  ZLikesPageAnswer,
  ZLikesPageQuery,
  ZPassRequest,
  ZUnlikeRequest,
  type TLikeAnswer,
  type TLikesAnswer,
} from '@cupido/shared/contracts/likes';
import type { LiveHub } from '../live/live-hub';
import { likeProfile, markLikeSeen, passProfile, unlikeProfile, type LikeDeps } from './service';
import { likesAnswerJson, likesPage, parseLikesPage } from './likes-lists';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * After the like is committed: the liked member's open apps hear of it (a 'like' frame; they
 * reload the likes). A like that completed a match says so; a like of an existing match changed
 * nothing and says nothing. The answer does not tell a new one-way like from a repeated one, so
 * a repeat sends the hint again (the app's reload finds nothing new). At most once, never
 * failing the like.
 */
function tellLiked(live: LiveHub, log: FastifyBaseLogger, likerProfileId: number, answer: TLikeAnswer): void {
  const likeState = answer.match ? 'match' : answer.like_state === 'liked' ? 'liked_you' : null;
  if (!likeState) return;
  live
    .sendTo([answer.profile_id], { type: 'like', profile: likerProfileId, like_state: likeState })
    .catch((err: unknown) => log.warn({ err }, 'likes: the live like frame was not sent'));
}

export const likeRoutes: FastifyPluginAsyncZod<{ deps: LikeDeps; live: LiveHub }> = async (app, { deps, live }) => {
  const tags = ['likes'];

  app.post(
    '/api/like.php',
    {
      schema: {
        tags,
        summary:
          'Like a profile (idempotent). Free members give 4 Likes a day in their local day (429 like_limit_reached); 30 a minute at most for everyone (429 too_many_likes). match carries the profile when this like completed a match',
        body: ZLikeRequest,
        response: { 200: ZLikeAnswer, ...errors, 429: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const liker = {
        userId: member.id,
        profileId: member.profileId,
        siteId: request.site.id,
        paidUser: member.paidUser,
        timeZone: member.timeZone,
      };
      const answer = await likeProfile(deps, request.site, liker, request.body.profile_id, request.body.source);
      tellLiked(live, request.log, member.profileId, answer);
      return answer;
    },
  );

  app.delete(
    '/api/like.php',
    {
      schema: {
        tags,
        summary: 'Take a like back; the Like it cost is not given back',
        body: ZUnlikeRequest,
        response: { 200: ZLikeAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const liker = { userId: member.id, profileId: member.profileId, siteId: request.site.id, paidUser: member.paidUser };
      return unlikeProfile(deps, request.site, liker, request.body.profile_id);
    },
  );

  app.get(
    '/api/likes.php',
    {
      schema: {
        tags,
        summary: 'Whom the member liked (profiles) and who liked them (liked_by), newest first',
        response: { 200: ZLikesAnswer, 403: ZApiError },
      },
    },
    async (request, reply) => {
      const member = await request.requireMember();
      // The database wrote the answer's JSON (likesAnswerJson); a string payload is sent as it is.
      const json = await likesAnswerJson(deps.db, member.profileId);
      return reply.type('application/json; charset=utf-8').send(json as unknown as TLikesAnswer);
    },
  );

  app.post(
    '/api/likes-seen.php',
    {
      schema: {
        tags,
        summary: 'The member opened a profile that liked them: its like is no longer new',
        body: ZLikeSeenRequest,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await markLikeSeen(deps, member.profileId, request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/likes-page.php',
    {
      schema: {
        tags,
        summary: 'One page of the likes grid of /likes/{type}: liked, liked-by or matches, newest first',
        querystring: ZLikesPageQuery,
        response: { 200: ZLikesPageAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const { type, page } = parseLikesPage(request.query);
      return likesPage(deps.db, request.site, member.profileId, type, page, deps.clock(), deps.activity);
    },
  );

  app.post(
    '/api/pass.php',
    {
      schema: {
        tags,
        summary: 'Swipe a profile away (idempotent): it does not come back in the swipe game',
        body: ZPassRequest,
        response: { 200: ZOkAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await passProfile(deps, { userId: member.id, profileId: member.profileId, siteId: request.site.id }, request.body.profile_id);
      return { ok: true as const };
    },
  );
};
