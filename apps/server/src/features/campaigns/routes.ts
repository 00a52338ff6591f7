/**
 * Promotions and news in the back office (issue 30, decision 043; 'campaigns.send'):
 *   GET  /admin/api/campaigns/sites        the sites to write for
 *   GET  /admin/api/campaigns?site_id=     the newest campaigns, with their counts
 *   POST /admin/api/campaigns              write a draft -> 201
 *   GET  /admin/api/campaigns/:id          one, with its audience (a draft's: counted now)
 *   PUT  /admin/api/campaigns/:id          edit a draft (409 once sent or cancelled)
 *   POST /admin/api/campaigns/preview      the mail of a draft as a member gets it; stores nothing
 *   POST /admin/api/campaigns/:id/test     the mail to the staff member's own address
 *   POST /admin/api/campaigns/:id/send     queue it for its audience (once: 409 after)
 *   POST /admin/api/campaigns/:id/cancel   stop what is not sent yet
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { INT32_MAX } from '@cupido/shared/contracts/input';
import {
  ZCampaign,
  ZCampaignDraft,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignPreview,
  ZCampaignSites,
  ZCampaignTestSendAnswer,
} from '@cupido/shared/contracts/campaigns';
import { siteChoices } from '../sites/for-back-office';
import type { CampaignDeps } from './campaign-deps';
import type { CampaignDelivery } from './delivery';
import { campaignById, createCampaign, listCampaigns, updateCampaign } from './drafts';
import { cancelCampaign, previewCampaign, sendCampaign, testSendCampaign } from './sending';

const tags = ['back office: campaigns'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZCampaignParams = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });
// Nothing to send (a POST without a body arrives as null): an address or anything else is refused, not ignored.
const ZNoBody = z.strictObject({}).nullish();
const base = `${ADMIN_API_PREFIX}/campaigns`;

export const campaignRoutes: FastifyPluginAsyncZod<{ deps: CampaignDeps; delivery: CampaignDelivery }> = async (
  app,
  { deps, delivery },
) => {
  const config = { staffAccess: 'campaigns.send' as const };

  app.get(
    `${base}/sites`,
    { config, schema: { tags, summary: 'The sites a campaign can be written for', response: { 200: ZCampaignSites, ...errors } } },
    async () => ({
      sites: (await siteChoices(deps.db)).map(({ id, name, domain }) => ({ id, name, domain })),
    }),
  );

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'The newest campaigns (of one site), with their counts',
        querystring: ZCampaignListQuery,
        response: { 200: ZCampaignList, ...errors },
      },
    },
    async (request) => ({ campaigns: await listCampaigns(deps, request.query.site_id) }),
  );

  app.post(
    base,
    { config, schema: { tags, summary: 'Write a campaign (a draft)', body: ZCampaignDraft, response: { 201: ZCampaign, ...errors } } },
    async (request, reply) => reply.code(201).send(await createCampaign(deps, request.requireStaff().id, request.body)),
  );

  app.post(
    `${base}/preview`,
    {
      config,
      schema: {
        tags,
        summary: 'The mail of a draft as a member of its audience gets it, and the audience now; stores nothing',
        body: ZCampaignDraft,
        response: { 200: ZCampaignPreview, ...errors },
      },
    },
    async (request) => previewCampaign(deps, request.requireStaff(), request.body),
  );

  app.get(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'A campaign with its counts (a draft: who would get it now)',
        params: ZCampaignParams,
        response: { 200: ZCampaign, ...errors },
      },
    },
    async (request) => campaignById(deps, request.params.id),
  );

  app.put(
    `${base}/:id`,
    {
      config,
      schema: { tags, summary: 'Edit a draft', params: ZCampaignParams, body: ZCampaignDraft, response: { 200: ZCampaign, ...errors } },
    },
    async (request) => updateCampaign(deps, request.requireStaff().id, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/test`,
    {
      config,
      schema: {
        tags,
        summary: "Send the campaign's mail to the staff member's own address (only there)",
        params: ZCampaignParams,
        body: ZNoBody,
        response: { 200: ZCampaignTestSendAnswer, ...errors },
      },
    },
    async (request) => testSendCampaign(deps, request.requireStaff(), request.params.id),
  );

  app.post(
    `${base}/:id/send`,
    {
      config,
      schema: {
        tags,
        summary: 'Send a draft to its audience, throttled per site (once: 409 after)',
        params: ZCampaignParams,
        body: ZNoBody,
        response: { 200: ZCampaign, ...errors },
      },
    },
    async (request) => sendCampaign(deps, delivery, request.requireStaff().id, request.params.id),
  );

  app.post(
    `${base}/:id/cancel`,
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a draft or a sending campaign: what is not sent yet stays unsent',
        params: ZCampaignParams,
        body: ZNoBody,
        response: { 200: ZCampaign, ...errors },
      },
    },
    async (request) => cancelCampaign(deps, request.requireStaff().id, request.params.id),
  );
};
