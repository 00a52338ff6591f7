/**
 * Staff access (issue 13): who is logged in, logout; login with password and TOTP, its setup and
 * recovery codes, and the staff list. Every route declares `staffAccess` (plugins/staff-session.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX, ZStaffMe } from '@cupido/shared/contracts/staff';
import {
  ZStaffAnswer,
  ZStaffCreateRequest,
  ZStaffListAnswer,
  ZStaffLoginAnswer,
  ZStaffLoginRequest,
  ZStaffTotpConfirmAnswer,
  ZStaffTotpConfirmRequest,
  ZStaffTotpSetupAnswer,
  ZStaffTotpVerifyAnswer,
  ZStaffTotpVerifyRequest,
  ZStaffUpdateRequest,
} from '@cupido/shared/contracts/staff-access';
import { z } from 'zod';
import type { BackOfficeDeps } from '../../back-office-deps';
import { recordStaffAction } from '../audit/service';
import { createStaffAccount, listStaff, updateStaffAccount } from './accounts';
import { staffLogin } from './login';
import { clearStaffSessionCookie, endStaffSession, setStaffSessionCookie } from './sessions';
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from './totp';

const tags = ['back office: staff'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };

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
      const staff = request.requireStaff();
      await deps.db.transaction(async (tx) => {
        await endStaffSession(tx, staff.sessionId);
        await recordStaffAction(tx, { staffId: staff.id, action: 'staff.logout', itemType: 'staff', itemId: staff.id }, deps.clock());
      });
      clearStaffSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    `${ADMIN_API_PREFIX}/login`,
    {
      config: { staffAccess: 'public' },
      schema: {
        tags,
        summary:
          'Password step of the staff login (401 staff_login_failed, 429 staff_login_blocked); the session then needs the second factor',
        body: ZStaffLoginRequest,
        response: { 200: ZStaffLoginAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { sessionToken, next } = await staffLogin(deps, request.body, request.ip, deps.clock());
      // A session of someone else in this browser ends: one staff member per browser.
      if (request.staffMember) await endStaffSession(deps.db, request.staffMember.sessionId);
      setStaffSessionCookie(request, reply, sessionToken);
      return { next };
    },
  );

  app.post(
    `${ADMIN_API_PREFIX}/totp/setup`,
    {
      config: { staffAccess: 'second-factor' },
      schema: {
        tags,
        summary: 'A new TOTP secret with its QR code (first login only; 409 when set up)',
        response: { 200: ZStaffTotpSetupAnswer, ...errors },
      },
    },
    async (request) => startTotpSetup(deps.db, request.requireStaff(), deps.clock()),
  );

  app.post(
    `${ADMIN_API_PREFIX}/totp/confirm`,
    {
      config: { staffAccess: 'second-factor' },
      schema: {
        tags,
        summary: 'Confirms the TOTP setup with a first code; answers the recovery codes, shown once',
        body: ZStaffTotpConfirmRequest,
        response: { 200: ZStaffTotpConfirmAnswer, ...errors },
      },
    },
    async (request) => ({
      recovery_codes: await confirmTotpSetup(deps, request.requireStaff(), request.body.code, request.ip, deps.clock()),
    }),
  );

  app.post(
    `${ADMIN_API_PREFIX}/totp/verify`,
    {
      config: { staffAccess: 'second-factor' },
      schema: {
        tags,
        summary: 'Second step of a later login: a TOTP code or a one-time recovery code',
        body: ZStaffTotpVerifyRequest,
        response: { 200: ZStaffTotpVerifyAnswer, ...errors },
      },
    },
    async (request) => ({
      ok: true as const,
      recovery_codes_left: await verifySecondFactor(deps, request.requireStaff(), request.body, request.ip, deps.clock()),
    }),
  );

  app.get(
    `${ADMIN_API_PREFIX}/staff`,
    {
      config: { staffAccess: 'staff.manage' },
      schema: { tags, summary: 'Every staff account', response: { 200: ZStaffListAnswer, ...errors } },
    },
    async () => ({ staff: await listStaff(deps.db) }),
  );

  app.post(
    `${ADMIN_API_PREFIX}/staff`,
    {
      config: { staffAccess: 'staff.manage' },
      schema: {
        tags,
        summary: 'Creates a staff account (409 staff_email_taken)',
        body: ZStaffCreateRequest,
        response: { 201: ZStaffAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await createStaffAccount(deps.db, request.body, request.requireStaff().id, deps.clock());
      return reply.code(201).send({ staff });
    },
  );

  app.patch(
    `${ADMIN_API_PREFIX}/staff/:id`,
    {
      config: { staffAccess: 'staff.manage' },
      schema: {
        tags,
        summary: "Changes a staff member's role, disables (ending their sessions) or enables them; never one's own",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZStaffUpdateRequest,
        response: { 200: ZStaffAnswer, ...errors },
      },
    },
    async (request) => ({
      staff: await updateStaffAccount(deps.db, request.requireStaff().id, request.params.id, request.body, deps.clock()),
    }),
  );
};
