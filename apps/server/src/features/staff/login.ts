/**
 * The back office's login, first step (issue 13): e-mail and password, with the members' lockout
 * (features/accounts/login.ts, decision 022): every attempt is counted per account and per
 * address before the password is checked, and refunded when it was not a failure. An unknown
 * address, a wrong password and a disabled account all get the same answer, after the same
 * argon2id work. The session it starts may only finish the second factor (totp.ts).
 */
import { eq } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '@cupido/shared/rules/accounts';
import { AppError } from '../../errors';
import type { Database } from '../../db/open';
import { staffAccounts } from '../../db/schema';
import type { RateLimiter, RateLimitResult } from '../../infra/rate-limiter';
import { recordStaffAction } from '../audit/service';
import { verifyPassword } from '../accounts/passwords';
import { minutesUntil } from '../accounts/account-context';
import { createStaffSession } from './sessions';

export const STAFF_LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;

const loginFailed = () => new AppError(401, 'staff_login_failed', 'staff.access.errors.login_failed');
export const staffLoginBlocked = (minutes: number) =>
  new AppError(429, 'staff_login_blocked', 'staff.access.errors.login_blocked', { minutes });

export interface StaffLoginDeps {
  db: Database;
  limiter: RateLimiter;
}

export interface StaffLoginResult {
  staffId: number;
  sessionToken: string;
  next: 'totp_setup' | 'totp';
}

/**
 * Counts one attempt against each limit; answers the results and a refund for attempts that turn
 * out not to be failures. Throws 429 when a limit is already used up.
 */
export async function countAttempt(limiter: RateLimiter, limits: { key: string; max: number }[], now: Date) {
  const results = await Promise.all(limits.map((l) => limiter.hit(l.key, l.max, STAFF_LOCK_MS)));
  const refund = () => Promise.all(limits.map((l, i) => limiter.refund(l.key, STAFF_LOCK_MS, results[i]!)));
  const blocked = results.find((r) => !r.allowed);
  if (blocked) {
    await refund();
    throw staffLoginBlocked(minutesUntil(blocked.resetAt, now));
  }
  /** The failure that used up the last attempt already says so. */
  const failure = (fallback: AppError) => {
    const exhausted = results.find((r: RateLimitResult, i) => r.count >= limits[i]!.max);
    return exhausted ? staffLoginBlocked(minutesUntil(exhausted.resetAt, now)) : fallback;
  };
  return { results, refund, failure };
}

export async function staffLogin(
  deps: StaffLoginDeps,
  input: { email: string; password: string },
  ip: string,
  now: Date,
): Promise<StaffLoginResult> {
  const email = input.email.trim().toLowerCase();
  const accountKey = `staff-login:acct:${email}`;
  const attempt = await countAttempt(
    deps.limiter,
    [
      { key: accountKey, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
      { key: `staff-login:ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
    ],
    now,
  );

  const [staff] = await deps.db
    .select({
      id: staffAccounts.id,
      passwordHash: staffAccounts.passwordHash,
      disabledAt: staffAccounts.disabledAt,
      totpConfirmedAt: staffAccounts.totpConfirmedAt,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email))
    .limit(1);
  const usable = staff && staff.disabledAt === null;
  const passwordOk = await verifyPassword(usable ? staff.passwordHash : null, input.password);
  if (!usable || !passwordOk) {
    // A known account's failures are in its audit trail (who tried, how often); unknown addresses are not items.
    if (staff)
      await recordStaffAction(
        deps.db,
        { staffId: staff.id, action: 'staff.login_failed', itemType: 'staff', itemId: staff.id, after: { ip, disabled: !usable } },
        now,
      );
    throw attempt.failure(loginFailed());
  }

  await Promise.all([
    deps.limiter.reset(accountKey, STAFF_LOCK_MS),
    deps.limiter.refund(`staff-login:ip:${ip}`, STAFF_LOCK_MS, attempt.results[1]!),
  ]);
  const next = staff.totpConfirmedAt ? ('totp' as const) : ('totp_setup' as const);
  const sessionToken = await deps.db.transaction(async (tx) => {
    const token = await createStaffSession(tx, staff.id, now, false);
    await recordStaffAction(
      tx,
      { staffId: staff.id, action: 'staff.login', itemType: 'staff', itemId: staff.id, after: { ip, next } },
      now,
    );
    return token;
  });
  return { staffId: staff.id, sessionToken, next };
}
