/**
 * The current password asked by the settings calls that could take an account over or end it
 * (e-mail change, password change, deletion; decision 023): a session alone, say on a borrowed
 * or stolen device, is not enough. Guesses are limited like logins (5 per account per 15
 * minutes); each attempt is counted before the password is verified, so parallel guesses
 * cannot slip past the count.
 */
import { eq } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@cupido/shared/rules/accounts';
import { AppError } from '../../errors';
import { users } from '../../db/schema';
import { verifyPassword } from './passwords';
import { minutesUntil, type AccountDeps } from './account-context';

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;

export async function checkCurrentPassword(deps: AccountDeps, userId: number, password: string, field: string): Promise<void> {
  const key = `current-password:acct:${userId}`;
  const attempt = await deps.limiter.hit(key, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOCK_MS);
  if (!attempt.allowed) {
    const minutes = minutesUntil(attempt.resetAt, deps.clock());
    throw new AppError(429, 'password_attempts_blocked', 'errors.password_attempts_blocked', { minutes }, field);
  }
  // Read fresh: the session lookup is cached for a moment and the password may just have changed.
  const [user] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(user?.passwordHash, password))) {
    throw new AppError(400, 'old_password_wrong', 'errors.old_password_wrong', {}, field);
  }
  await deps.limiter.reset(key, LOCK_MS);
}
