/**
 * Refuses state-changing calls (POST, PUT, PATCH, DELETE) sent from another website (decision
 * 022). The session cookie is SameSite=Lax, but a form or a multipart upload can still be posted
 * cross-site without a CORS preflight, and sibling hosts count as the same site for Lax. Every
 * browser names the page that sends such a request in `Origin` (and, where it leaves Origin
 * out, in `Referer`), so:
 *
 * - the sender's origin must be the site's own origin (features/sites/public-origin.ts), or have
 *   the host the request was sent to (same origin, whatever name or port the server is reached
 *   under: 127.0.0.1 in a demo, the Vite dev server's port);
 * - `Origin: null` (sandboxed frames, opaque redirects) and unreadable values are foreign;
 * - a request with neither header is not from a browser page (curl, the app's tests, monitoring):
 *   it carries no ambient cookie an attacker could borrow, and passes.
 *
 * Runs in onRequest, after the request context, so a refused upload is never read and the
 * message is in the visitor's language.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { siteOrigin, type PublicOriginConfig } from '../features/sites/public-origin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Calls from other servers that act on nobody's session and change nothing a page could
     * abuse (a payment provider's webhook, which only names a payment to ask the provider about).
     */
    foreignOriginAllowed?: boolean;
  }
}

export const foreignOrigin = () => new AppError(403, 'foreign_origin', 'errors.foreign_origin');

function originOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether a page at `sender` may change state through this request. */
export function isOwnOrigin(request: FastifyRequest, sender: URL, publicOrigin: PublicOriginConfig): boolean {
  const requestHost = (request.host ?? '').toLowerCase();
  if (sender.host === requestHost) return true;
  // request.site is unset only on routes that serve no site (health checks).
  return !!request.site && sender.origin === siteOrigin(request.site.domain, publicOrigin);
}

function senderOf(request: FastifyRequest): { url: URL | null } | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return { url: origin === 'null' ? null : originOf(origin) };
  const referer = request.headers.referer;
  if (referer !== undefined) return { url: originOf(referer) };
  return null;
}

export default fp<{ publicOrigin: PublicOriginConfig }>(
  async (app, { publicOrigin }) => {
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.foreignOriginAllowed) return;
      const sender = senderOf(request);
      if (sender === null) return;
      if (!sender.url || !isOwnOrigin(request, sender.url, publicOrigin)) throw foreignOrigin();
    });
  },
  { name: 'origin-check', dependencies: ['request-context'] },
);
