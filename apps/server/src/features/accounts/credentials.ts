/**
 * Forgotten password, password change and e-mail change (spec sections 5 and 8). Changing the
 * password ends the member's other sessions; a reset ends all of them.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR, MAIL_CHANGE_TOKEN_HOURS, passwordProblem } from '@cupido/shared/rules/accounts';
import { isValidEmail, normalizeEmail } from '@cupido/shared/rules/email';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { AppError } from '../../errors';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';
import { checkCurrentPassword } from './current-password';
import { consumeToken, hoursFrom, issueToken, revokeTokens } from './tokens';
import { createSession, deleteSessionsOf } from './sessions';
import { clearLoginFailures } from './login';
import { sendSecurityNotice } from './security';
import { activateInTx, isUniqueViolation, sendAccountMail, type AccountDeps, type RequestContext } from './account-context';

const HOUR_MS = 3_600_000;

const error = (status: number, code: string, field?: string) => new AppError(status, code, `errors.${code}`, {}, field);

function checkNewPassword(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw error(400, problem, field);
}

/**
 * Sets the new password from a reset link and logs the member in. The link proves the mailbox,
 * so an account still waiting for activation is activated too.
 */
export async function resetPassword(
  deps: AccountDeps,
  ctx: RequestContext,
  input: { token: string; password: string; password_confirmation: string },
): Promise<{ userId: number; sessionToken: string }> {
  if (input.password !== input.password_confirmation) throw error(400, 'passwords_not_equal', 'password_confirmation');
  checkNewPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  // An events transaction: activating publishes account.activated (account-context.ts).
  const result = await deps.events.transaction(deps.db, async (tx) => {
    const used = await consumeToken(tx, input.token, 'password_reset', now);
    if (!used) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(
        and(eq(users.id, used.userId), eq(users.siteId, ctx.site.id), ne(users.status, 'erased'), ne(users.status, 'pending_deletion')),
      )
      .returning({ id: users.id, email: users.email });
    if (!user) return null;
    await activateInTx(deps.events, tx, user.id, ctx.site, now);
    // Other reset links (several may have been requested) must not set it again.
    await revokeTokens(tx, user.id, 'password_reset', now);
    await deleteSessionsOf(tx, user.id);
    return { userId: user.id, email: user.email, sessionToken: await createSession(tx, user.id, now) };
  });
  if (!result) throw error(400, 'token_invalid');
  await clearLoginFailures(deps, ctx.site.id, result.email);
  return { userId: result.userId, sessionToken: result.sessionToken };
}

export async function changePassword(
  deps: AccountDeps,
  ctx: RequestContext,
  member: { id: number; email: string; language: string; profileName: string },
  input: { old_password: string; new_password: string },
): Promise<void> {
  checkNewPassword(input.new_password, 'new_password');
  await checkCurrentPassword(deps, member.id, input.old_password, 'old_password');
  const passwordHash = await hashPassword(input.new_password);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
    // A reset link requested before (perhaps by whoever knew the old password) must not undo it.
    await revokeTokens(tx, member.id, 'password_reset', now);
    await deleteSessionsOf(tx, member.id, ctx.sessionToken ?? undefined);
  });
  await sendSecurityNotice(deps, ctx, {
    userId: member.id,
    kind: 'password_changed',
    to: member.email,
    name: member.profileName,
    language: member.language,
    changedAt: now,
  });
}

async function emailOwnedByOther(deps: AccountDeps, siteId: number, email: string, userId: number): Promise<boolean> {
  const [owner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return !!owner;
}

/** Stores the wanted address as pending and mails a confirmation link to it. */
export async function requestEmailChange(
  deps: AccountDeps,
  ctx: RequestContext,
  member: { id: number; email: string; language: string; profileName: string; notificationsDisabled?: readonly string[] },
  input: { email: string; current_password: string },
): Promise<void> {
  if (!isValidEmail(input.email)) throw error(400, 'invalid_email', 'email');
  const email = normalizeEmail(input.email);
  // Before saying whether an address is taken: a borrowed session must not probe addresses.
  await checkCurrentPassword(deps, member.id, input.current_password, 'current_password');
  // Not a change: saying "link sent" and then never changing anything would mislead. Except after a
  // bounce: the link to the same address proves it receives mail again (confirmEmailChange).
  const bounced = member.notificationsDisabled?.includes('bounce') ?? false;
  if (email === member.email && !bounced) throw error(409, 'email_unchanged', 'email');
  if (await emailOwnedByOther(deps, ctx.site.id, email, member.id)) throw error(409, 'email_taken', 'email');
  const sent = await deps.limiter.hit(`mail:acct:${member.id}`, ACCOUNT_MAILS_PER_ACCOUNT_PER_HOUR, HOUR_MS);
  if (!sent.allowed) throw error(429, 'too_many_mails', 'email');

  const now = deps.clock();
  const token = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, member.id));
    // Only the newest request counts: an older link must not apply the address it was sent to.
    await revokeTokens(tx, member.id, 'mail_change', now);
    return issueToken(tx, {
      userId: member.id,
      purpose: 'mail_change',
      now,
      expiresAt: hoursFrom(now, MAIL_CHANGE_TOKEN_HOURS),
      newEmail: email,
    });
  });
  await sendAccountMail(deps, ctx, {
    kind: 'mail_change',
    to: email,
    name: member.profileName,
    locale: member.language as LocaleCode,
    path: `/mail-change/do?token=${encodeURIComponent(token)}`,
    expiresInHours: MAIL_CHANGE_TOKEN_HOURS,
  });
}

/**
 * Uses a mail-change link: the new address becomes the login. It proves that mailbox, so an
 * unconfirmed account is activated as well. Answers a session when the request had none; when
 * another member is logged in, the change is made and their session stays (decision 023).
 */
export async function confirmEmailChange(
  deps: AccountDeps,
  ctx: RequestContext,
  token: string,
  loggedInUserId: number | null,
): Promise<{ userId: number; sessionToken: string | null; email: string; otherAccount: boolean }> {
  const now = deps.clock();
  try {
    const result = await deps.events.transaction(deps.db, async (tx) => {
      const used = await consumeToken(tx, token, 'mail_change', now);
      if (!used?.newEmail) return null;
      const usable = and(
        eq(users.id, used.userId),
        eq(users.siteId, ctx.site.id),
        ne(users.status, 'erased'),
        ne(users.status, 'pending_deletion'),
      );
      const [before] = await tx
        .select({ email: users.email, language: users.language, name: deps.profiles.nameOf(users.profileId) })
        .from(users)
        .where(usable)
        .for('update');
      if (!before) return null;
      const [user] = await tx
        .update(users)
        // The link was opened from that mailbox: mail to it is delivered, so a bounce no longer stops notifications.
        .set({ email: used.newEmail, pendingEmail: null, notificationsDisabled: sql`${users.notificationsDisabled} - 'bounce'` })
        .where(usable)
        .returning({ id: users.id });
      if (!user) return null;
      await activateInTx(deps.events, tx, user.id, ctx.site, now);
      const sessionToken = loggedInUserId === null ? await createSession(tx, user.id, now) : null;
      return { userId: user.id, sessionToken, before, newEmail: used.newEmail };
    });
    if (!result) throw error(400, 'token_invalid');
    if (result.before.email !== result.newEmail) {
      await sendSecurityNotice(deps, ctx, {
        userId: result.userId,
        kind: 'email_changed',
        to: result.before.email,
        name: result.before.name,
        language: result.before.language,
        changedAt: now,
        newEmail: result.newEmail,
      });
    }
    const otherAccount = loggedInUserId !== null && loggedInUserId !== result.userId;
    return { userId: result.userId, sessionToken: result.sessionToken, email: result.newEmail, otherAccount };
  } catch (err) {
    // Someone signed up with the address after the link was sent.
    if (isUniqueViolation(err)) throw error(409, 'email_taken');
    throw err;
  }
}
