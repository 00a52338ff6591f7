/**
 * Login with lockout (spec section 8: 'Too many incorrect attempts, account blocked for
 * {minutes} min.'). Failures count per account and per IP in the shared rate limiter, so the
 * lock holds across server processes; a successful login clears the account's count.
 *
 * Every attempt is counted BEFORE its password is checked (decision 022): with check-verify-count
 * a burst of parallel guesses all passed the check before any of them was counted. Attempts that
 * turn out not to be failures (the right password, a blocked or locked account) are refunded.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '@cupido/shared/rules/accounts';
import { normalizeEmail } from '@cupido/shared/rules/email';
import { AppError } from '../../errors';
import { users } from '../../db/schema';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';
import { accountLocked, isLocked } from './security';
import { minutesUntil, type AccountDeps, type RequestContext } from './account-context';
import { formatWhen } from './account-mails';

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;

const loginFailed = () => new AppError(401, 'login_failed', 'errors.login_failed');
const loginBlocked = (minutes: number) => new AppError(429, 'login_blocked', 'errors.login_blocked', { minutes });

const accountKeyOf = (siteId: number, email: string) => `login:acct:${siteId}:${email}`;

/** After a password reset the member must not stay locked out by earlier failures. */
export async function clearLoginFailures(deps: AccountDeps, siteId: number, email: string): Promise<void> {
  await deps.limiter.reset(accountKeyOf(siteId, email), LOCK_MS);
}

export async function login(
  deps: AccountDeps,
  ctx: RequestContext,
  input: { email: string; password: string },
  /** The language the visitor picked before logging in (locale cookie): it becomes the account's. */
  chosenLanguage: LocaleCode | null = null,
): Promise<{ userId: number; sessionToken: string }> {
  const email = normalizeEmail(input.email);
  const accountKey = accountKeyOf(ctx.site.id, email);
  const ipKey = `login:ip:${ctx.ip}`;
  const now = deps.clock();

  const [account, ip] = await Promise.all([
    deps.limiter.hit(accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOCK_MS),
    deps.limiter.hit(ipKey, LOGIN_MAX_FAILURES_PER_IP, LOCK_MS),
  ]);
  /** This attempt is not a failure: it must not use up one of the member's tries. */
  const refund = () => Promise.all([deps.limiter.refund(accountKey, LOCK_MS, account), deps.limiter.refund(ipKey, LOCK_MS, ip)]);

  const blockedBy = [account, ip].find((r) => !r.allowed);
  if (blockedBy) {
    await refund();
    throw loginBlocked(minutesUntil(blockedBy.resetAt, now));
  }

  const [user] = await deps.db
    .select({ id: users.id, status: users.status, passwordHash: users.passwordHash, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(and(eq(users.siteId, ctx.site.id), eq(users.email, email)))
    .limit(1);
  const usable = user && user.status !== 'erased';
  // Locked after "This was not me": no password to check; only a reset opens it (decision 012).
  if (usable && isLocked(user)) {
    await refund();
    throw accountLocked();
  }
  const passwordOk = await verifyPassword(usable ? user.passwordHash : null, input.password);

  if (!usable || !passwordOk) {
    // The failure that uses up the last attempt already says so.
    const exhausted = [account, ip].find((r) => r.count >= (r === account ? LOGIN_MAX_FAILURES_PER_ACCOUNT : LOGIN_MAX_FAILURES_PER_IP));
    if (exhausted) throw loginBlocked(minutesUntil(exhausted.resetAt, now));
    throw loginFailed();
  }

  await Promise.all([deps.limiter.reset(accountKey, LOCK_MS), deps.limiter.refund(ipKey, LOCK_MS, ip)]);
  // A moderation decision (issue 13): only after the right password, so the refusal tells a
  // stranger nothing. The member's statement of reasons (mailed) has the link to appeal.
  if (user.status === 'suspended' && user.suspendedUntil) {
    throw new AppError(403, 'account_suspended', 'errors.account_suspended', { until: formatWhen(ctx.locale, user.suspendedUntil) });
  }
  if (user.status === 'terminated') throw new AppError(403, 'account_terminated', 'errors.account_terminated');
  if (user.status === 'pending_deletion') {
    throw new AppError(403, 'account_pending_deletion', 'errors.account_pending_deletion', {}, 'email');
  }
  if (chosenLanguage) {
    await deps.db
      .update(users)
      .set({ language: chosenLanguage })
      .where(and(eq(users.id, user.id), ne(users.language, chosenLanguage)));
  }
  const sessionToken = await createSession(deps.db, user.id, now);
  return { userId: user.id, sessionToken };
}
