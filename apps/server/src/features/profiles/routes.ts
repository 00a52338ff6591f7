/**
 * The member's own profile (GET/PUT /api/profile.php) and profile pages (GET /api/member.php).
 * The spec leaves the profile calls unnamed (section 7); they follow the style of the others.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZMemberAnswer, ZMemberQuery, ZOwnProfileAnswer, ZProfileUpdate } from '@cupido/shared/contracts/profiles';
import { forgetMember } from '../../plugins/session';
import { profileNotFound } from '../blocks/service';
import { requireSearchAccess } from './search-access';
import { memberPage, type MemberPageDeps } from './member-page';
import { ownProfile, updateOwnProfile } from './service';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * `deps.activity`: the profile page's and related profiles' activity marks (issue 28);
 * `deps.contactSources`: the app's existing-contact sources (contact.ts). Both from the app's context (build-context.ts).
 */
export const profileRoutes: FastifyPluginAsyncZod<{ deps: MemberPageDeps }> = async (app, { deps }) => {
  app.get(
    '/api/profile.php',
    { schema: { tags: ['profiles'], summary: "The member's own profile", response: { 200: ZOwnProfileAnswer, ...errors } } },
    async (request) => {
      const member = await request.requireMember();
      return { profile: await ownProfile(deps, member.profileId) };
    },
  );

  app.put(
    '/api/profile.php',
    {
      schema: {
        tags: ['profiles'],
        summary: "Change the member's own profile (partial; profile and interests in one transaction)",
        body: ZProfileUpdate,
        response: { 200: ZOwnProfileAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      await updateOwnProfile(deps, request.site, { id: member.id, profileId: member.profileId, email: member.email }, request.body);
      // The save's account.view_changed dropped the cached member in every process; this request's own lookup goes too.
      forgetMember(request);
      return { profile: await ownProfile(deps, member.profileId) };
    },
  );

  app.get(
    '/api/member.php',
    {
      schema: {
        tags: ['profiles'],
        summary: 'A profile page: 404 for unknown, hidden or unusable profiles, 403 no_access for a member the owner blocked',
        querystring: ZMemberQuery,
        response: { 200: ZMemberAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await requireSearchAccess(request);
      const idText = request.query.id?.trim() ?? '';
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
      if (id <= 0) throw profileNotFound();
      const viewer = member ? { userId: member.id, profileId: member.profileId, paidUser: member.paidUser } : null;
      return memberPage(deps, request.site, request.locale, viewer, id);
    },
  );
};
