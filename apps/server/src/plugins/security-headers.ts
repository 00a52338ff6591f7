/**
 * The security headers of every response (Content-Security-Policy, frame and referrer rules,
 * HSTS behind a TLS-terminating proxy), set by helmet before any route runs.
 *
 * helmet turns its options into a middleware once: it parses and checks the directives and
 * writes the header values then. @fastify/helmet called helmet(options) again on every request,
 * which rebuilt the policy each time: 4.3% of the server's CPU in a profile of the like bench,
 * and the same on every call (decision 022). Here the middleware is built when the plugin
 * registers and only applied per request. The app needs no per-route policies nor CSP nonces
 * (its scripts and styles are files of its own origin), which were the reason to rebuild it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** Strict-Transport-Security: only when a proxy in front terminates TLS (plain-HTTP hosts must not get it). */
  hsts: boolean;
}

/** The Content-Security-Policy directives beyond helmet's defaults. */
const CSP_DIRECTIVES = {
  // Photos as data: and blob: URLs while they are chosen and cropped; promo tiles' images from
  // their partners, https only (decision 051: an image runs no code; plain http stays refused).
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  // The live channel's WebSocket.
  'connect-src': ["'self'", 'ws:', 'wss:'],
  // Plain-HTTP development hosts (nl.localhost) must not be upgraded to HTTPS.
  'upgrade-insecure-requests': null,
};

export default fp<SecurityHeadersOptions>(
  async (app, { hsts }) => {
    const setHeaders: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void = helmet({
      contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES },
      hsts,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // helmet only sets headers and calls back synchronously; since 8.1 it throws instead of passing errors.
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
