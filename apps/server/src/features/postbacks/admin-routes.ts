/**
 * Conversion postbacks in the back office (decision 050), permission 'sites.edit' (a network is
 * part of a site's set-up and receives members' tracking values): a site's networks, created,
 * changed and deleted with an audit entry each, and the log of the calls made to them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import {
  ZPostbackCallLog,
  ZPostbackCallQuery,
  ZPostbackNetworkAnswer,
  ZPostbackNetworkChange,
  ZPostbackNetworkCreate,
  ZPostbackNetworkDeleted,
  ZPostbackNetworkList,
  ZPostbackNetworkQuery,
} from '@cupido/shared/contracts/postbacks';
import { ADMIN_API_PREFIX } from '@cupido/shared/contracts/staff';
import { listSites } from '../sites/admin-service';
import { postbackCallLog } from './call-log';
import { createNetwork, deleteNetwork, listNetworks, updateNetwork, type PostbackAdminDeps } from './networks';

const ZIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
};
const config = { staffAccess: 'sites.edit' as const };
const tags = ['back office'];
const base = `${ADMIN_API_PREFIX}/postback-networks`;

export const postbackAdminRoutes: FastifyPluginAsyncZod<{
  deps: PostbackAdminDeps;
}> = async (app, { deps }) => {
  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: "A site's (or every site's) affiliate networks and their postback URL templates",
        querystring: ZPostbackNetworkQuery,
        response: { 200: ZPostbackNetworkList, ...errors },
      },
    },
    async (request) => {
      const [networks, sites] = await Promise.all([listNetworks(deps.db, request.query.site_id), listSites(deps.db)]);
      return {
        networks,
        sites: sites.map((site) => ({
          id: site.id,
          name: site.name,
          domain: site.domain,
        })),
      };
    },
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'Add a network to a site',
        description:
          'The template must be https to a public host, with known placeholders only (400 postback_template_*); a site has one network per name (409 postback_network_taken).',
        body: ZPostbackNetworkCreate,
        response: { 201: ZPostbackNetworkAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        network: await createNetwork(deps, request.requireStaff().id, request.body),
      }),
  );

  app.put(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Change a network's name, template or whether it is called",
        params: ZIdParams,
        body: ZPostbackNetworkChange,
        response: { 200: ZPostbackNetworkAnswer, ...errors },
      },
    },
    async (request) => ({
      network: await updateNetwork(deps, request.requireStaff().id, request.params.id, request.body),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a network, with its members and its call log',
        params: ZIdParams,
        response: { 200: ZPostbackNetworkDeleted, ...errors },
      },
    },
    async (request) => {
      await deleteNetwork(deps, request.requireStaff().id, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    `${ADMIN_API_PREFIX}/postback-calls`,
    {
      config,
      schema: {
        tags,
        summary: 'The calls made to networks and their answers, newest first, 50 a page',
        querystring: ZPostbackCallQuery,
        response: { 200: ZPostbackCallLog, ...errors },
      },
    },
    async (request) =>
      postbackCallLog(deps.db, {
        siteId: request.query.site_id,
        networkId: request.query.network_id,
        page: request.query.page,
      }),
  );
};
