/**
 * Security notices and "This was not me" (decision 012). A changed e-mail address or password is
 * announced to the address the account had before, with a single-use link that, after the
 * member confirms on the page it opens, locks the account: every session ends, the password is
 * removed (so nobody can log in until a reset), a changed address is restored, and a reset link
 * goes to that address. The reset sets a password again, which is what unlocks the account.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { PASSWORD_RESET_TOKEN_HOURS, SECURITY_UNDO_TOKEN_HOURS } from '@cupido/shared/rules/accounts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { AppError } from '../../errors';
import { accountTokens, users } from '../../db/schema';
import { consumeToken, hoursFrom, issueToken } from './tokens';
import { deleteSessionsOf } from './sessions';
import { sendAccountMail, type AccountDeps, type RequestContext } from './account-context';

export interface SecurityNotice {
  userId: number;
  kind: 'email_changed' | 'password_changed';
  /** The address the account had before the change: the notice goes there. */
  to: string;
  name: string;
  language: string;
  changedAt: Date;
  newEmail?: string;
}

/** Mails the notice; a mail failure is logged, never undoes the change the member just made. */
export async function sendSecurityNotice(deps: AccountDeps, ctx: RequestContext, notice: SecurityNotice): Promise<void> {
  try {
    const token = await issueToken(deps.db, {
      userId: notice.userId,
      purpose: 'security_undo',
      now: notice.changedAt,
      expiresAt: hoursFrom(notice.changedAt, SECURITY_UNDO_TOKEN_HOURS),
      // The address to restore when the change was not the member's.
      newEmail: notice.kind === 'email_changed' ? notice.to : undefined,
    });
    await sendAccountMail(deps, ctx, {
      kind: notice.kind,
      to: notice.to,
      name: notice.name,
      locale: notice.language as LocaleCode,
      path: `/account/not-me?token=${encodeURIComponent(token)}`,
      expiresInHours: SECURITY_UNDO_TOKEN_HOURS,
      changedAt: notice.changedAt,
      newEmail: notice.newEmail,
    });
  } catch (err) {
    deps.log.error({ err, userId: notice.userId }, 'security notice mail failed');
  }
}

/** A locked account: usable status, but no password until a reset sets one. */
export function isLocked(user: { status: string; passwordHash: string | null }): boolean {
  return (user.status === 'active' || user.status === 'not_confirmed') && user.passwordHash === null;
}

export const accountLocked = () => new AppError(403, 'account_locked', 'errors.account_locked');

/** Uses a "This was not me" link: locks the account and mails a reset link. Answers the address. */
export async function lockAfterNotMe(deps: AccountDeps, ctx: RequestContext, token: string): Promise<{ userId: number; email: string }> {
  const now = deps.clock();
  const locked = await deps.db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'security_undo', now);
    if (!used) return null;
    const [user] = await tx
      .select({ id: users.id, email: users.email, language: users.language, name: deps.profiles.nameOf(users.profileId) })
      .from(users)
      .where(
        and(eq(users.id, used.userId), eq(users.siteId, ctx.site.id), ne(users.status, 'erased'), ne(users.status, 'pending_deletion')),
      )
      .for('update');
    if (!user) return null;
    // Restore the old address unless someone else has signed up with it since.
    let email = user.email;
    if (used.newEmail && used.newEmail !== user.email) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.siteId, ctx.site.id), eq(users.email, used.newEmail)))
        .limit(1);
      if (!owner) email = used.newEmail;
    }
    await tx.update(users).set({ email, pendingEmail: null, passwordHash: null }).where(eq(users.id, user.id));
    // Links sent before (to an address the intruder may read) stop working.
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt), ne(accountTokens.purpose, 'activation')));
    await deleteSessionsOf(tx, user.id);
    const resetToken = await issueToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      now,
      expiresAt: hoursFrom(now, PASSWORD_RESET_TOKEN_HOURS),
    });
    return { userId: user.id, email, name: user.name, language: user.language, resetToken };
  });
  if (!locked) throw new AppError(400, 'token_invalid', 'errors.token_invalid');
  await sendAccountMail(deps, ctx, {
    kind: 'password_reset',
    to: locked.email,
    name: locked.name,
    locale: locked.language as LocaleCode,
    path: `/reset-password/do?token=${encodeURIComponent(locked.resetToken)}`,
    expiresInHours: PASSWORD_RESET_TOKEN_HOURS,
  });
  return { userId: locked.userId, email: locked.email };
}
