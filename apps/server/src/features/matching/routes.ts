/** The swipe game's stack, the match finder, signup matches and auto-like (issue 11), for members only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZAutoLikeAnswer, ZMatchFinderQuery, ZMatchingQuery, ZSuggestionsAnswer, ZSwipeStackAnswer } from '@cupido/shared/contracts/likes';
import type { MemberRow } from '../accounts/sessions';
import type { LiveHub } from '../live/live-hub';
import { parseLookingFor } from '../profiles/mutual-match-sql';
import { autoLike } from './auto-like';
import { matchFinder, parseAgeGroup, signupMatches, swipeStack, type Matcher, type MatchingDeps } from './suggestions';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };

/** The member as matching sees them; `looking_for` of the query is whom the browser says they look for (decision 036). */
const matcherOf = (member: MemberRow, query: { looking_for?: string }): Matcher => ({
  userId: member.id,
  profileId: member.profileId,
  siteId: member.siteId,
  paidUser: member.paidUser,
  lookingFor: parseLookingFor(query.looking_for),
});

const lookingForNote =
  " Two-way: only profiles of a gender the member looks for who look for the member's gender (decision 036); `looking_for` stands for the member's choice when none is stored.";

export const matchingRoutes: FastifyPluginAsyncZod<{ deps: MatchingDeps; live: LiveHub }> = async (app, { deps, live }) => {
  app.get(
    '/api/swipe-stack.php',
    {
      schema: {
        tags: ['matching'],
        summary: "The swipe game's stack: profiles matching the member's preferences, not liked or passed yet, with a photo first",
        description: `400 invalid_choice (field looking_for) for an unknown looking_for.${lookingForNote}`,
        querystring: ZMatchingQuery,
        response: { 200: ZSwipeStackAnswer, ...errors },
      },
    },
    async (request) => swipeStack(deps, request.site, matcherOf(await request.requireMember(), request.query)),
  );

  app.get(
    '/api/match-finder.php',
    {
      schema: {
        tags: ['matching'],
        summary:
          'Suggested profiles of an age group (18-35 or 35+): with a photo, not liked yet, near first; 400 invalid_age_group otherwise',
        description: `Near first: by distance when the member has a location (those without one follow), else the same country, region and city first. 400 invalid_choice (field looking_for) for an unknown looking_for.${lookingForNote}`,
        querystring: ZMatchFinderQuery,
        response: { 200: ZSuggestionsAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const group = parseAgeGroup(request.query.age_group);
      return matchFinder(deps, request.site, matcherOf(member, request.query), group);
    },
  );

  app.get(
    '/api/signup-matches.php',
    {
      schema: {
        tags: ['matching'],
        summary: "Suggested profiles right after signup, from the member's preferences: with a photo, not liked yet, near first",
        description: `400 invalid_choice (field looking_for) for an unknown looking_for.${lookingForNote}`,
        querystring: ZMatchingQuery,
        response: { 200: ZSuggestionsAnswer, ...errors },
      },
    },
    async (request) => signupMatches(deps, request.site, matcherOf(await request.requireMember(), request.query)),
  );

  app.get(
    '/api/auto-like.php',
    {
      schema: {
        tags: ['matching'],
        summary: "A fictional profile that now likes the member (the new-like modal), under the site's auto_like rules; else profile null",
        description: `Only a fictional profile the member would be shown likes them. 400 invalid_choice (field looking_for) for an unknown looking_for.${lookingForNote}`,
        querystring: ZMatchingQuery,
        response: { 200: ZAutoLikeAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const answer = await autoLike(deps, request.site, request.locale, {
        ...matcherOf(member, request.query),
        accountStatus: member.status,
      });
      // The member's other open apps reload their likes too (this one shows the modal).
      if (answer.profile) {
        live
          .sendTo([member.profileId], { type: 'like', profile: answer.profile.id, like_state: answer.profile.like_state })
          .catch((err: unknown) => request.log.warn({ err }, 'matching: the live like frame was not sent'));
      }
      return answer;
    },
  );
};
