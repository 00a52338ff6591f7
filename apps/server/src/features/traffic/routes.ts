/** POST /api/page-visit.php and /api/page-hidden.php: bounce logging for pages opened with `lb` (issue 31). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@cupido/shared/contracts/contracts';
import { ZOkAnswer } from '@cupido/shared/contracts/accounts';
import { PAGE_VISIT_COOKIE, ZPageHiddenRequest, ZPageSourceRequest, ZPageVisitRequest } from '@cupido/shared/contracts/traffic';
import { attachVisitSource, logPageHidden, logPageVisit, type TrafficDeps } from './page-visits';

const HIDDEN_PATH = '/api/page-hidden.php';
const SOURCE_PATH = '/api/page-source.php';
/**
 * The visit's cookie goes to the API alone, where page-hidden.php and page-source.php read it (a
 * cookie path can only name a folder or one exact path). It is a random token tied to nothing else.
 */
const COOKIE_PATH = '/api';
/** A visit's cookie lasts a day: a lander left open overnight still reports when it was left. */
const VISIT_COOKIE_SECONDS = 24 * 60 * 60;
const TOKEN_MAX = 64;

export const trafficRoutes: FastifyPluginAsyncZod<{ deps: TrafficDeps }> = async (app, { deps }) => {
  app.post(
    '/api/page-visit.php',
    {
      schema: {
        tags: ['traffic'],
        summary: 'Log the visit of a page opened with lb in its query (bounce logging)',
        description: `Sets the ${PAGE_VISIT_COOKIE} cookie (HttpOnly, path ${COOKIE_PATH}) that the page-hidden beacon and page-source.php send back. The traffic source is kept only when sent, which the page does only with the ad-tracking consent.`,
        body: ZPageVisitRequest,
        response: { 200: ZOkAnswer, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const token = await logPageVisit(deps, {
        siteId: request.site.id,
        ip: request.ip,
        path: request.body.path,
        tracking: request.body.tracking,
      });
      reply.setCookie(PAGE_VISIT_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: VISIT_COOKIE_SECONDS,
      });
      return { ok: true as const };
    },
  );

  app.post(
    HIDDEN_PATH,
    {
      schema: {
        tags: ['traffic'],
        summary: 'Record that the logged page was hidden (a beacon with an empty JSON body)',
        description: `The visit is the one of the ${PAGE_VISIT_COOKIE} cookie; without a logged visit nothing happens. Always 204.`,
        body: ZPageHiddenRequest,
        response: { 204: z.null().meta({ description: 'Recorded, or ignored without a logged visit' }) },
      },
    },
    async (request, reply) => {
      const token = request.cookies?.[PAGE_VISIT_COOKIE];
      if (typeof token === 'string' && token.length > 0 && token.length <= TOKEN_MAX)
        await logPageHidden(deps, { siteId: request.site.id, token });
      return reply.code(204).send(null);
    },
  );

  app.post(
    SOURCE_PATH,
    {
      schema: {
        tags: ['traffic'],
        summary: 'Give the logged visit the traffic source the visitor allowed after it was logged',
        description: `The visit is the one of the ${PAGE_VISIT_COOKIE} cookie; the page sends its source once the visitor accepts ad tracking. A visit that has a source keeps it; without a logged visit nothing happens. Always 204.`,
        body: ZPageSourceRequest,
        response: { 204: z.null().meta({ description: 'Recorded, or ignored' }), 400: ZApiError },
      },
    },
    async (request, reply) => {
      const token = request.cookies?.[PAGE_VISIT_COOKIE];
      if (typeof token === 'string' && token.length > 0 && token.length <= TOKEN_MAX) {
        await attachVisitSource(deps, { siteId: request.site.id, token, tracking: request.body.tracking });
      }
      return reply.code(204).send(null);
    },
  );
};
