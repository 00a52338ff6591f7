/**
 * The member's side of moderation (issue 13): their decisions as statements of reasons and their
 * appeals. Logged in: GET /api/decisions.php and POST /api/appeal.php. Without a login (a
 * suspended or ended account cannot log in): the signed link of the statement's e-mail,
 * GET and POST /api/decision-link.php (appeal-link.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import {
  ZAppealAnswer,
  ZAppealRequest,
  ZDecisionLinkAnswer,
  ZDecisionLinkAppealRequest,
  ZDecisionLinkQuery,
  ZMemberDecisions,
} from '@cupido/shared/contracts/moderation';
import type { BackOfficeDeps } from '../../back-office-deps';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import { accountsByIds } from '../accounts/moderation-accounts';
import { readAppealToken } from './appeal-link';
import { fileAppeal, memberDecision, memberDecisions } from './appeals';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const linkInvalid = () => new AppError(404, 'decision_not_found', 'errors.decision_not_found');

export const memberDecisionRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  /** The decision and member a link names, if the link is this server's and the member's account still exists. */
  async function linked(token: string) {
    const link = await readAppealToken(deps.db, token);
    if (!link) throw linkInvalid();
    const member = (await accountsByIds(deps.db, [link.userId])).get(link.userId);
    if (!member) throw linkInvalid();
    return { ...link, member };
  }

  app.get(
    '/api/decisions.php',
    {
      schema: {
        tags: ['moderation'],
        summary: "The logged-in member's moderation decisions with their statements of reasons and appeals",
        response: { 200: ZMemberDecisions, 403: ZApiError },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      return { decisions: await memberDecisions(deps, member.id, request.locale) };
    },
  );

  app.post(
    '/api/appeal.php',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Appeal one of your decisions, once, within six months',
        body: ZAppealRequest,
        response: { 200: ZAppealAnswer, ...errors },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const appealId = await fileAppeal(deps, member.id, request.body.decision_id, request.body.text);
      return { appeal_id: appealId, status: 'open' as const, message: translate(request.locale, 'moderation.appeal_received') };
    },
  );

  app.get(
    '/api/decision-link.php',
    {
      schema: {
        tags: ['moderation'],
        summary: "A decision opened from its statement's e-mail link (no login)",
        querystring: ZDecisionLinkQuery,
        response: { 200: ZDecisionLinkAnswer, 404: ZApiError },
      },
    },
    async (request) => {
      const link = await linked(request.query.token);
      const decision = await memberDecision(deps, link.userId, link.decisionId, request.locale as LocaleCode);
      if (!decision) throw linkInvalid();
      const site = await deps.sites.byId(link.member.siteId);
      return { decision, site_name: site?.name ?? '' };
    },
  );

  app.post(
    '/api/decision-link.php',
    {
      schema: {
        tags: ['moderation'],
        summary: "Appeal a decision from its statement's e-mail link (no login)",
        body: ZDecisionLinkAppealRequest,
        response: { 200: ZAppealAnswer, ...errors },
      },
    },
    async (request) => {
      const link = await linked(request.body.token);
      const appealId = await fileAppeal(deps, link.userId, link.decisionId, request.body.text);
      return { appeal_id: appealId, status: 'open' as const, message: translate(request.locale, 'moderation.appeal_received') };
    },
  );
};
