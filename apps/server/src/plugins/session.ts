/**
 * Session authentication for every feature: `await request.member()` answers the logged-in
 * member of this site or null (looked up once per request, only when a route asks), and
 * `await request.requireMember()` throws 403 authentication_required, which the web app
 * answers with a silent logout.
 */
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { Database } from '../db/open';
import type { Clock } from '../infra/clock';
import { memberBySessionQuery, sessionToken, type MemberRow } from '../features/accounts/sessions';
import { sha256 } from '../features/accounts/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The member a session token belongs to on a site (e.g. the session a login just made). */
    memberByToken(token: string, siteId: number): Promise<MemberRow | null>;
  }
  interface FastifyRequest {
    member(): Promise<MemberRow | null>;
    requireMember(): Promise<MemberRow>;
  }
}

export const authenticationRequired = () => new AppError(403, 'authentication_required', 'errors.authentication_required');

const memo = new WeakMap<object, Promise<MemberRow | null>>();

export default fp<{ db: Database; clock: Clock }>(
  async (app, { db, clock }) => {
    const query = memberBySessionQuery(db);
    const memberByToken = (token: string, siteId: number) =>
      query.execute({ sessionId: sha256(token), now: clock().toISOString(), siteId }).then((rows) => rows[0] ?? null);
    app.decorate('memberByToken', memberByToken);

    app.decorateRequest('member', function (this: import('fastify').FastifyRequest) {
      let pending = memo.get(this);
      if (!pending) {
        const token = sessionToken(this);
        pending = token ? memberByToken(token, this.site.id) : Promise.resolve(null);
        memo.set(this, pending);
      }
      return pending;
    });

    app.decorateRequest('requireMember', async function (this: import('fastify').FastifyRequest) {
      const member = await this.member();
      if (!member) throw authenticationRequired();
      return member;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'request-context'] },
);

/** Forget the memoised member after login, logout or a change the same request answers with. */
export function forgetMember(request: object): void {
  memo.delete(request);
}
