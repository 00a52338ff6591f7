/**
 * The members desk (issue 13, decision 031): find members, see their account, and act on it.
 * Reading needs 'members.view', account actions 'members.manage', credit corrections
 * 'credits.correct' (packages/shared/src/contracts/staff.ts). reads.ts and actions.ts do the work.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import {
  ZCreditCorrectionAnswer,
  ZCreditCorrectionRequest,
  ZEraseMemberRequest,
  ZLiftSuspensionRequest,
  ZMemberActionAnswer,
  ZMemberDetail,
  ZMemberSearchAnswer,
  ZMemberSearchQuery,
  ZSuspendMemberRequest,
} from '@cupido/shared/contracts/members-desk';
import type { BackOfficeDeps } from '../../back-office-deps';
import { memberDetail, searchMembers } from './reads';
import { listSites } from '../sites/admin-service';
import { correctCredits, eraseMember, liftMemberSuspension, resendMemberActivation, suspendMember } from './actions';
import { ZMemberPayments } from '@cupido/shared/contracts/finance';
import { memberPaymentsForDesk } from '../payments/for-members-desk';

const tags = ['back office: members'];
const ZMemberParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
const base = `${ADMIN_API_PREFIX}/members`;

export const membersDeskRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const view = { staffAccess: 'members.view' as const };
  const manage = { staffAccess: 'members.manage' as const };

  app.get(
    base,
    {
      config: view,
      schema: {
        tags,
        summary: 'Find members by e-mail, name or id',
        querystring: ZMemberSearchQuery,
        response: { 200: ZMemberSearchAnswer },
      },
    },
    async (request) => searchMembers(deps.db, request.query),
  );

  // The search's site filter: the sites by name, for whoever may search (not only 'sites.edit').
  app.get(
    `${base}/site-choices`,
    {
      config: view,
      schema: {
        tags,
        summary: 'The sites to filter the search by',
        response: { 200: z.object({ sites: z.array(z.object({ id: z.number().int(), name: z.string(), domain: z.string() })) }) },
      },
    },
    async () => ({ sites: (await listSites(deps.db)).map(({ id, name, domain }) => ({ id, name, domain })) }),
  );

  app.get(
    `${base}/:id`,
    { config: view, schema: { tags, summary: 'Everything about one member', params: ZMemberParams, response: { 200: ZMemberDetail } } },
    async (request) => memberDetail(deps, request.params.id),
  );

  // Purchases (issue 14): blocking and lifting are payments' calls under the same path (payments/finance/routes.ts).
  app.get(
    `${base}/:id/payments`,
    {
      config: view,
      schema: {
        tags,
        summary: "The member's latest payments and open purchase blocks",
        params: ZMemberParams,
        response: { 200: ZMemberPayments },
      },
    },
    async (request) => memberPaymentsForDesk(deps.db, request.params.id),
  );

  app.post(
    `${base}/:id/suspend`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Suspend the account for a number of days',
        params: ZMemberParams,
        body: ZSuspendMemberRequest,
        response: { 200: ZMemberActionAnswer },
      },
    },
    async (request) => suspendMember(deps, { staffId: request.requireStaff().id }, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/lift`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Lift a suspension now',
        params: ZMemberParams,
        body: ZLiftSuspensionRequest,
        response: { 200: ZMemberActionAnswer },
      },
    },
    async (request) => liftMemberSuspension(deps, { staffId: request.requireStaff().id }, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/resend-activation`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send the activation mail again (accounts not yet confirmed)',
        params: ZMemberParams,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => resendMemberActivation(deps, { staffId: request.requireStaff().id }, request.params.id),
  );

  app.post(
    `${base}/:id/erase`,
    {
      config: manage,
      schema: {
        tags,
        summary: "Start erasure (14 days pending deletion, as the member's own deletion)",
        params: ZMemberParams,
        body: ZEraseMemberRequest,
        response: { 200: ZMemberActionAnswer },
      },
    },
    async (request) => eraseMember(deps, { staffId: request.requireStaff().id }, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/credits`,
    {
      config: { staffAccess: 'credits.correct' },
      schema: {
        tags,
        summary: 'Correct the credits with a reason (a ledger entry naming the staff member)',
        params: ZMemberParams,
        body: ZCreditCorrectionRequest,
        response: { 200: ZCreditCorrectionAnswer },
      },
    },
    async (request) => correctCredits(deps, { staffId: request.requireStaff().id }, request.params.id, request.body),
  );
};
