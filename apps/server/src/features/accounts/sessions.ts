/**
 * Server-side sessions. The cookie (`auth.session`, HttpOnly, SameSite=Lax, Secure behind
 * HTTPS, 30 days) carries a random token; the sessions table keeps only its SHA-256, so a
 * leaked database holds no usable cookie. Revoking is deleting rows.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { AUTH_COOKIE_MAX_AGE_DAYS, AUTH_COOKIE_PREFIX } from '@cupido/shared/rules/constants';
import { sessions, users } from '../../db/schema';
import type { Database } from '../../db/open';
import { creditBalanceColumn } from '../credits/service';
import { adTrackingConsentState, hasOrientationConsent } from './consents';
import type { MemberProfileTable } from './profile-port';
import { newToken, sha256 } from './tokens';

export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session`;
const MAX_AGE_SECONDS = AUTH_COOKIE_MAX_AGE_DAYS * 24 * 3600;

type Executor = Pick<Database, 'insert' | 'delete'>;

/** Creates a session row and answers the cookie value. */
export async function createSession(db: Executor, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MAX_AGE_SECONDS * 1000),
  });
  return token;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

/** Ends every session of a member, except the one making the request when given. */
export async function deleteSessionsOf(db: Executor, userId: number, keepToken?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepToken ? and(eq(sessions.userId, userId), ne(sessions.id, sha256(keepToken))) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

export function sessionToken(request: FastifyRequest): string | null {
  const value = request.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null;
}

/** The prepared statements' names (a test reads their plans in pg_prepared_statements). */
export const MEMBER_BY_SESSION_STATEMENT = 'member_by_session';
export const MEMBERS_BY_SESSIONS_STATEMENT = 'members_by_sessions';

/**
 * Everything GET /api/user.php answers, in one indexed query: session -> user -> profile ->
 * main photo, and whether the orientation consent stands (an EXISTS on consents_user_idx).
 * The profile and its main photo are the profiles feature's derived table (ProfilePort), which
 * PostgreSQL pulls up into this query. It runs on nearly every page view, so it is prepared once
 * per database, in two forms: one (session id, site) pair, and many pairs as two arrays
 * (plugins/session.ts groups the lookups of requests arriving together, db/group-commit.ts), each
 * row carrying the session id it was found by.
 *
 * Why two: PostgreSQL estimates an array parameter's `unnest` at 100 rows, so the array form's
 * generic plan always looks dearer than a plan for the actual one or two pairs, and it planned
 * the six-table join anew at every run (about 1 ms of PostgreSQL's CPU, more than running it; the
 * chat bench's largest cost per message). The one-pair form's generic plan costs what its custom
 * plans cost, so each connection plans it five times and then reuses it (decision 072). Most
 * lookups come alone; the array form remains for the ones that come together.
 */
export function membersBySessionsQuery(db: Database, memberProfile: MemberProfileTable) {
  const lookup = (sessionMatches: SQL, name: string) =>
    db
      .select({
        lookupSessionId: sessions.id,
        id: users.id,
        siteId: users.siteId,
        email: users.email,
        pendingEmail: users.pendingEmail,
        status: users.status,
        language: users.language,
        timeZone: users.timeZone,
        // The ledger's cached balance, named by its owner (one query on every page view).
        credits: creditBalanceColumn(),
        paidUser: users.paidUser,
        createdAt: users.createdAt,
        activatedAt: users.activatedAt,
        notificationsDisabled: users.notificationsDisabled,
        orientationConsent: hasOrientationConsent(users.id),
        adTrackingConsent: adTrackingConsentState(users.id),
        passwordHash: users.passwordHash,
        sessionExpiresAt: sessions.expiresAt,
        profileId: memberProfile.profileId,
        profileName: memberProfile.profileName,
        profileCountry: memberProfile.profileCountry,
        profileStatus: memberProfile.profileStatus,
        mainFilename: memberProfile.mainFilename,
        mainThumbFilename: memberProfile.mainThumbFilename,
        mainStatus: memberProfile.mainStatus,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(memberProfile, eq(memberProfile.profileId, users.profileId))
      .where(and(sessionMatches, gt(sessions.expiresAt, sql.placeholder('now')), inArray(users.status, ['not_confirmed', 'active'])))
      .prepare(name);
  const one = lookup(
    and(eq(sessions.id, sql.placeholder('sessionId')), eq(users.siteId, sql.placeholder('siteId')))!,
    MEMBER_BY_SESSION_STATEMENT,
  );
  const many = lookup(
    sql`(${sessions.id}, ${users.siteId}) in (select * from unnest(${sql.placeholder('sessionIds')}::text[], ${sql.placeholder('siteIds')}::int[]))`,
    MEMBERS_BY_SESSIONS_STATEMENT,
  );
  return {
    /** The members of these (session id, site) pairs whose sessions are valid at `now`; a row per pair found, in no order. */
    execute(keys: readonly { sessionId: string; siteId: number }[], now: string) {
      if (keys.length === 1) return one.execute({ sessionId: keys[0]!.sessionId, siteId: keys[0]!.siteId, now });
      return many.execute({ sessionIds: keys.map((k) => k.sessionId), siteIds: keys.map((k) => k.siteId), now });
    },
  };
}
type MemberLookupRow = Awaited<ReturnType<ReturnType<typeof membersBySessionsQuery>['execute']>>[number];
/** The logged-in member as every route sees it. */
export type MemberRow = Omit<MemberLookupRow, 'lookupSessionId'>;
