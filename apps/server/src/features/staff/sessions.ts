/**
 * Staff sessions (issue 13): a cookie of its own, `staff.session`, scoped to /admin (the back
 * office's pages and its calls under ADMIN_API_PREFIX), HttpOnly, SameSite=Strict, Secure over
 * HTTPS. The database keeps only the token's SHA-256. A session ends after
 * STAFF_IDLE_TIMEOUT_MINUTES without a call, after STAFF_SESSION_MAX_HOURS in any case, and at
 * once when the account is disabled.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ROLE_PERMISSIONS,
  STAFF_IDLE_TIMEOUT_MINUTES,
  STAFF_SESSION_MAX_HOURS,
  type TStaffPermission,
  type TStaffRole,
} from '@cupido/shared/contracts/staff';
import type { Database } from '../../db/open';
import { staffAccounts, staffSessions } from '../../db/schema';
import type { Tx } from '../../infra/domain-events';

export const STAFF_SESSION_COOKIE = 'staff.session';
export const STAFF_COOKIE_PATH = '/admin';
const IDLE_MS = STAFF_IDLE_TIMEOUT_MINUTES * 60_000;

/** The staff member behind a request's session. */
export interface StaffPrincipal {
  id: number;
  email: string;
  name: string;
  role: TStaffRole;
  permissions: readonly TStaffPermission[];
  /** The session's id (the token's hash), to finish the second factor or to log out. */
  sessionId: string;
  /** false between the password and the TOTP code. */
  secondFactorDone: boolean;
  /** false until TOTP is set up and confirmed with a first code. */
  totpSetUp: boolean;
}

export const staffTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session after the password; `secondFactorDone` only when the TOTP code was checked too. Answers the cookie's token. */
export async function createStaffSession(db: Tx | Database, staffId: number, now: Date, secondFactorDone = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    id: staffTokenHash(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000),
    secondFactorAt: secondFactorDone ? now : null,
  });
  return token;
}

/** The TOTP code (or a recovery code) was right: the session may now do what the role allows. */
export async function completeSecondFactor(db: Tx | Database, sessionId: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

export async function endStaffSession(db: Tx | Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

export async function endAllStaffSessions(db: Tx | Database, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/**
 * The staff member of a session token, or null when the session is unknown, idle too long,
 * expired or its account disabled. A live session's last_seen_at moves to now in the same
 * statement (one round trip per staff call), which is what keeps it from idling out.
 */
export async function touchStaffSession(db: Database, token: string, now: Date): Promise<StaffPrincipal | null> {
  const sessionId = staffTokenHash(token);
  const idleSince = new Date(now.getTime() - IDLE_MS);
  const rows = await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .from(staffAccounts)
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffAccounts.id, staffSessions.staffId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, idleSince),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .returning({
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      secondFactorDone: sql<boolean>`${staffSessions.secondFactorAt} is not null`,
      totpSetUp: sql<boolean>`${staffAccounts.totpConfirmedAt} is not null`,
    });
  const row = rows[0];
  if (!row) return null;
  return { ...row, permissions: ROLE_PERMISSIONS[row.role], sessionId };
}

export function setStaffSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: STAFF_SESSION_MAX_HOURS * 3600,
  });
}

export function clearStaffSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function staffSessionToken(request: FastifyRequest): string | null {
  const value = request.cookies?.[STAFF_SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null;
}
