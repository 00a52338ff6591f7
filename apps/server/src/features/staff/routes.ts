/**
 * Staff access (issue 13): who is logged in, logout; login with password and TOTP, its setup and
 * recovery codes, and the staff list. Every route declares `staffAccess` (plugins/staff-session.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts';
import { ADMIN_API_PREFIX, ZStaffMe } from '@cupido/shared/staff';
import { z } from 'zod';
import type { BackOfficeDeps } from '../../back-office';
import { clearStaffSessionCookie, endStaffSession } from './sessions';

const tags = ['back office: staff'];

export const staffRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  app.get(
    `${ADMIN_API_PREFIX}/me`,
    { config: { staffAccess: 'public' }, schema: { tags, summary: 'The logged-in staff member, or null', response: { 200: ZStaffMe } } },
    async (request) => {
      const staff = request.staffMember;
      return {
        staff: staff
          ? {
              id: staff.id,
              email: staff.email,
              name: staff.name,
              role: staff.role,
              permissions: [...staff.permissions],
              second_factor_done: staff.secondFactorDone,
              totp_set_up: staff.totpSetUp,
            }
          : null,
      };
    },
  );

  app.post(
    `${ADMIN_API_PREFIX}/logout`,
    {
      config: { staffAccess: 'second-factor' },
      schema: { tags, summary: 'Ends the staff session', response: { 200: z.object({ ok: z.literal(true) }), 401: ZApiError } },
    },
    async (request, reply) => {
      await endStaffSession(deps.db, request.requireStaff().sessionId);
      clearStaffSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};
