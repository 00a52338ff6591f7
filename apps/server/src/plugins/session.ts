/**
 * Session authentication for every feature: `await request.member()` answers the logged-in
 * member of this site or null (looked up once per request, only when a route asks), and
 * `await request.requireMember()` throws 403 authentication_required, which the web app
 * answers with a silent logout.
 *
 * A page load fires several authenticated calls at once, each needing the member. A short-lived
 * per-process cache (MEMBER_CACHE_MS) answers those from one lookup. A change clears the member's
 * entries at once in every process (`app.forgetMemberSessions`, told to the others through the
 * broker, decision 021); should that message be lost, MEMBER_CACHE_MS still bounds how long a
 * revoked session can be used elsewhere (docs/decisions/006-accounts.md).
 */
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { Database } from '../db/open';
import type { Clock } from '../infra/clock';
import type { Broker } from '../infra/broker';
import type { DomainEvents, DomainEventType } from '../infra/domain-events';
import { createGroupCommit } from '../db/group-commit';
import { membersBySessionsQuery, sessionToken, type MemberRow } from '../features/accounts/sessions';
import type { MemberProfileTable } from '../features/accounts/profile-port';
import { sha256 } from '../features/accounts/tokens';
import { activeDayRecorder } from '../features/accounts/active-days';

export const MEMBER_CACHE_MS = 2_000;
const MEMBER_CACHE_MAX_ENTRIES = 50_000;
/** Session lookups running at once; lookups arriving meanwhile gather for the next statement. */
const LOOKUPS_IN_FLIGHT = 2;
const LOOKUP_BATCH_MAX = 200;
/** Broker channel: { userId } whose cached lookups every process drops, or { userId, credits }: the member's new balance for them. */
export const MEMBER_CHANGED_CHANNEL = 'member-changed';
/**
 * Facts after whose commit the member view reads differently (status, premium): the cached lookups
 * are dropped by an after-commit handler of the event (issue 33), not by a call beside each publish.
 */
export const MEMBER_VIEW_EVENTS = [
  'account.deletion_requested',
  'account.reactivated',
  'payment.completed',
  'payment.standing_changed',
  'account.view_changed',
] as const satisfies readonly DomainEventType[];

declare module 'fastify' {
  interface FastifyInstance {
    /** The member a session token belongs to on a site (e.g. the session a login just made). */
    memberByToken(token: string, siteId: number): Promise<MemberRow | null>;
    /** Drops cached lookups of a member after a change to the account or its sessions. */
    forgetMemberSessions(userId: number): void;
    /**
     * The member's balance is now `credits` (a paid send): cached lookups take it in every
     * process, instead of being dropped and looked up again by the member's next call.
     */
    memberCreditsChanged(userId: number, credits: number): void;
  }
  interface FastifyRequest {
    member(): Promise<MemberRow | null>;
    requireMember(): Promise<MemberRow>;
  }
}

export const authenticationRequired = () => new AppError(403, 'authentication_required', 'errors.authentication_required');

const memo = new WeakMap<object, Promise<MemberRow | null>>();

class MemberCache {
  private entries = new Map<string, { row: MemberRow | null; expires: number }>();
  /** The keys of each member's cached rows: a member's change touches those, not the whole cache (a paid send changes one). */
  private keysByUser = new Map<number, Set<string>>();

  get(key: string, now: number) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires > now) return hit;
    this.remove(key);
    return undefined;
  }

  set(key: string, row: MemberRow | null, now: number) {
    this.remove(key);
    // Map keeps insertion order, so the first key is the oldest.
    if (this.entries.size >= MEMBER_CACHE_MAX_ENTRIES) this.remove(this.entries.keys().next().value!);
    this.entries.set(key, { row, expires: now + MEMBER_CACHE_MS });
    if (row) {
      const keys = this.keysByUser.get(row.id) ?? new Set<string>();
      keys.add(key);
      this.keysByUser.set(row.id, keys);
    }
  }

  forgetUser(userId: number) {
    for (const key of [...(this.keysByUser.get(userId) ?? [])]) this.remove(key);
  }

  /** A new row object, so whatever is kept per row (user.php's serialized answer) is made again. */
  setCredits(userId: number, credits: number) {
    for (const key of this.keysByUser.get(userId) ?? []) {
      const entry = this.entries.get(key);
      if (entry?.row) entry.row = { ...entry.row, credits };
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (!entry.row) return;
    const keys = this.keysByUser.get(entry.row.id);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.row.id);
  }
}

export default fp<{ db: Database; clock: Clock; broker: Broker; events: DomainEvents; memberProfile: MemberProfileTable }>(
  async (app, { db, clock, broker, events, memberProfile }) => {
    const query = membersBySessionsQuery(db, memberProfile);
    // Lookups of requests arriving together share one statement (a page load's calls, busy times).
    const lookups = createGroupCommit<{ sessionId: string; siteId: number }, MemberRow | null>({
      maxInFlight: LOOKUPS_IN_FLIGHT,
      maxBatch: LOOKUP_BATCH_MAX,
      async run(keys) {
        const rows = await query.execute(keys, clock().toISOString());
        const found = new Map(rows.map(({ lookupSessionId, ...row }) => [`${lookupSessionId}|${row.siteId}`, row]));
        return keys.map((k) => found.get(`${k.sessionId}|${k.siteId}`) ?? null);
      },
    });
    const cache = new MemberCache();
    // The dashboard's active members: the first authenticated request of a member's day records it, off the request's path.
    const activeDays = activeDayRecorder(db, (err) => app.log.warn({ err }, 'active day not recorded'));
    await broker.subscribe(MEMBER_CHANGED_CHANNEL, (message) => {
      const { userId, credits } = (message ?? {}) as { userId?: unknown; credits?: unknown };
      if (typeof userId !== 'number') return;
      if (typeof credits === 'number') cache.setCredits(userId, credits);
      else cache.forgetUser(userId);
    });

    const lookup = (sessionId: string, siteId: number) => lookups.submit({ sessionId, siteId });

    /** Fresh from the database; used right after logins and changes. */
    const memberByToken = async (token: string, siteId: number) => {
      const sessionId = sha256(token);
      const row = await lookup(sessionId, siteId);
      cache.set(`${sessionId}|${siteId}`, row, Date.now());
      return row;
    };
    app.decorate('memberByToken', memberByToken);
    const forgetMemberSessions = (userId: number) => {
      cache.forgetUser(userId);
      // The change is made; another process that misses this message is stale for MEMBER_CACHE_MS at most.
      broker
        .publish(MEMBER_CHANGED_CHANNEL, { userId })
        .catch((err: unknown) => app.log.warn({ err }, 'member cache: other processes not told'));
    };
    app.decorate('forgetMemberSessions', forgetMemberSessions);
    for (const type of MEMBER_VIEW_EVENTS) {
      events.handleAfterCommit(type, "session: drop the member's cached lookups", (event) => forgetMemberSessions(event.userId));
    }

    app.decorate('memberCreditsChanged', (userId: number, credits: number) => {
      cache.setCredits(userId, credits);
      broker
        .publish(MEMBER_CHANGED_CHANNEL, { userId, credits })
        .catch((err: unknown) => app.log.warn({ err }, 'member cache: other processes not told'));
    });

    const cachedMember = async (token: string, siteId: number) => {
      const sessionId = sha256(token);
      const key = `${sessionId}|${siteId}`;
      // Cached by wall time: the cache is about load, not about the product's (test-movable) clock.
      const hit = cache.get(key, Date.now());
      if (hit && (!hit.row || hit.row.sessionExpiresAt > clock())) return hit.row;
      const row = await lookup(sessionId, siteId);
      cache.set(key, row, Date.now());
      return row;
    };

    app.decorateRequest('member', function (this: import('fastify').FastifyRequest) {
      let pending = memo.get(this);
      if (!pending) {
        const token = sessionToken(this);
        pending = token ? cachedMember(token, this.site.id) : Promise.resolve(null);
        void pending.then(
          (row) => row && activeDays.seen(row.id, row.siteId, clock()),
          () => undefined,
        );
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

/** Forget the memoised member of this request after login, logout or a change it answers with. */
export function forgetMember(request: object): void {
  memo.delete(request);
}
