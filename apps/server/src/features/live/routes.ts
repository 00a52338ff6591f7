/**
 * GET /api/live (LIVE_PATH): the live channel's WebSocket (issue 12; decision 028).
 *
 * The upgrade request goes through the app's hooks like any request: the site is resolved by
 * the `domain` parameter or Host (plugins/request-context.ts) and the member by the session
 * cookie through the session plugin's lookup. A socket is opened for every upgrade, so that the
 * app can read why it is refused: a visitor, an expired session or a page of another origin is
 * closed at once with LIVE_CLOSE.policyViolation, after which the app does not reconnect.
 *
 * Origin: browsers send it with every WebSocket handshake, and a page of any site could open one
 * carrying the member's cookie, so it must be the site's own origin or the host the request was
 * sent to, as for state-changing calls (plugins/origin-check.ts, decision 022). A handshake
 * without it comes from no browser page and passes, as there.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { LIVE_CLOSE, LIVE_PATH } from '@cupido/shared/rules/live-frames';
import { isOwnOrigin } from '../../plugins/origin-check';
import { sessionToken } from '../accounts/sessions';
import type { PublicOriginConfig } from '../sites/public-origin';
import type { LiveHub } from './live-hub';
import type { LiveHubServer, LiveSession } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel (decision 028): features send frames to members' open apps through it. */
    live: LiveHub;
  }
}

/** Above the hub's own frame limit (which closes with policy violation): ws refuses more before buffering it. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

function fromOwnOrigin(request: FastifyRequest, publicOrigin: PublicOriginConfig): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isOwnOrigin(request, url, publicOrigin);
  } catch {
    // 'null' and anything unreadable
    return false;
  }
}

export const liveRoutes: FastifyPluginAsync<{ hub: LiveHubServer; publicOrigin: PublicOriginConfig }> = async (
  app,
  { hub, publicOrigin },
) => {
  // @fastify/websocket routes every upgrade request of the server through the app, and one for
  // a path outside this plugin would leave its socket half open (the server would then never
  // finish closing). So it listens on this emitter, which only gets the live path's upgrades;
  // any other upgrade is cut, as Node does when nobody listens.
  const liveUpgrades = new EventEmitter();
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!hub.closed && (request.url ?? '').split('?')[0] === LIVE_PATH) liveUpgrades.emit('upgrade', request, socket, head);
    else socket.destroy();
  };
  app.server.on('upgrade', onUpgrade);

  await app.register(websocket, {
    options: { maxPayload: MAX_PAYLOAD_BYTES, server: liveUpgrades as unknown as Server },
    // Before the server waits for its connections: every socket is told 'going away', then cut.
    preClose: async () => {
      app.server.off('upgrade', onUpgrade);
      await hub.close();
    },
    // A client that breaks the protocol (bad masking, oversized frame): nothing the server did.
    errorHandler: (err, socket, request) => {
      request.log.info({ err }, 'live: socket error');
      socket.terminate();
    },
  });

  const admitted = new WeakMap<FastifyRequest, LiveSession>();

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preHandler: async (request) => {
        if (!request.ws || !fromOwnOrigin(request, publicOrigin)) return;
        const token = sessionToken(request);
        const member = token ? await request.member() : null;
        if (!token || !member) return;
        const siteId = request.site.id;
        admitted.set(request, {
          member: { userId: member.id, profileId: member.profileId, siteId },
          expiresAt: member.sessionExpiresAt,
          stillValid: async () => {
            const row = await app.memberByToken(token, siteId);
            return !!row && row.id === member.id && row.profileId === member.profileId;
          },
        });
      },
    },
    (socket, request) => {
      const session = admitted.get(request);
      if (!session) {
        socket.close(LIVE_CLOSE.policyViolation, 'not allowed');
        return;
      }
      hub.accept(socket, session);
    },
  );
};
